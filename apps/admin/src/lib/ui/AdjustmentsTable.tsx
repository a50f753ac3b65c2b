import type { ReactNode } from 'react';
import type { Adjustment } from '@tessera/contracts/admin';
import { Link } from 'wouter';
import { shownMasked } from '../cardTexts';
import { useI18n } from '../i18n';
import { CaptionedTable } from './ScrollRegion';

/**
 * Adjustments as a table: amount, reason, who proposed and who decided and when, and what came
 * of it. A plain table, so the buttons a row may hold are reached with Tab like any other. With
 * `showCard` each row names its card (a link to its page); `decision` gives a row's last cell.
 */
export function AdjustmentsTable({ label, items, showCard = false, decision }: { label: string; items: readonly Adjustment[]; showCard?: boolean; decision?: (item: Adjustment) => ReactNode }) {
  const { t, formatMoney, formatDateTime } = useI18n();
  const when = (at: string, who: string) => t('adjustments.when', { when: formatDateTime(at), who });
  return (
    <CaptionedTable label={label} className="table table--text">
      <thead>
        <tr>
          {showCard && <th scope="col">{t('adjustments.col.card')}</th>}
          <th scope="col" className="table__number">
            {t('adjustments.col.amount')}
          </th>
          <th scope="col">{t('adjustments.col.reason')}</th>
          <th scope="col">{t('adjustments.col.proposed')}</th>
          <th scope="col">{t('adjustments.col.status')}</th>
          <th scope="col">{t('adjustments.col.decided')}</th>
          {decision && <th scope="col">{t('adjustments.col.decision')}</th>}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            {showCard && (
              <td>
                <Link href={`/cards/${encodeURIComponent(item.cardId)}`}>
                  <span className="mono">{shownMasked(item.masked)}</span> {item.brand}
                </Link>
              </td>
            )}
            <td className="table__number">{formatMoney(item.amount)}</td>
            <td className="table__wrap">
              {item.reason}
              {item.reference !== null && <span> ({t('adjustments.reference', { reference: item.reference })})</span>}
            </td>
            <td>{when(item.proposedAt, item.proposedBy)}</td>
            <td>
              {t(`adjustments.status.${item.status}`)}
              {item.balanceAfter && <span>, {t('adjustments.balanceAfter', { balance: formatMoney(item.balanceAfter) })}</span>}
              {item.decisionReason !== null && <span>: {item.decisionReason}</span>}
            </td>
            <td>{item.decidedAt !== null && item.decidedBy !== null ? when(item.decidedAt, item.decidedBy) : '—'}</td>
            {decision && <td>{decision(item)}</td>}
          </tr>
        ))}
      </tbody>
    </CaptionedTable>
  );
}
