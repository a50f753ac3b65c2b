import { useId } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { currencySymbol, formatBalance, formatDate, type CardTransaction, type Money, type TransactionKind } from '@tessera/contracts';
import styles from './CardHistory.module.css';

/** What each kind of entry says (the texts are overridable per brand, as every text). */
const kindKey: Record<TransactionKind, string> = {
  load: 'card__history_kind_load',
  redemption: 'card__history_kind_redemption',
  refund: 'card__history_kind_refund',
  payout: 'card__history_kind_payout',
  fee: 'card__history_kind_fee',
  replacement_out: 'card__history_kind_replacement_out',
  replacement_in: 'card__history_kind_replacement_in',
  expiry: 'card__history_kind_expiry',
  adjustment: 'card__history_kind_adjustment',
};

/**
 * A change of balance as the history shows it: the sign first (a true minus sign, which screen
 * readers say as "minus"; + for money in), then the amount as every balance is written
 * (docs/product/common.md#money: symbol, nl formatting, two decimals, no grouping): "+€ 25,00",
 * "−€ 7,50". Zero has no sign.
 */
export function formatSignedMoney({ value, assetCode }: Money): string {
  const sign = value > 0 ? '+' : value < 0 ? '\u2212' : '';
  const symbol = currencySymbol(assetCode);
  const amount = formatBalance(Math.abs(value));
  return `${sign}${symbol ? `${symbol} ` : ''}${amount}`;
}

/** The calendar day of an ISO date-time in the cardholder's own time zone, as yyyy-mm-dd. */
export function localDay(isoDateTime: string): string {
  const date = new Date(isoDateTime);
  if (Number.isNaN(date.getTime())) return isoDateTime.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

interface CardHistoryProps {
  /** Newest first, as the server answers them. */
  transactions: readonly CardTransaction[] | undefined;
  headingLevel?: 2 | 3;
}

/**
 * The card's latest ledger entries, so its holder sees what was spent and loaded: a
 * section with its heading and a list, each entry its description, date and signed amount. An
 * empty history says so. A list rather than a table: three short facts per entry read well on a
 * phone, and a screen reader reads each entry as one item ("Payment, 12-03-2026, −€ 7,50").
 */
export function CardHistory({ transactions = [], headingLevel = 2 }: CardHistoryProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const language = (i18n.language).split('-')[0]!;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.history} aria-labelledby={titleId}>
      <Heading id={titleId} className={styles.title}>
        {t('card__history_title')}
      </Heading>
      {transactions.length === 0 ? (
        <p className={styles.empty}>{t('card__history_empty')}</p>
      ) : (
        <ul className={styles.list}>
          {transactions.map((entry, index) => (
            <li key={`${entry.createdAt}-${index}`} className={styles.entry}>
              <span className={styles.description}>{t(kindKey[entry.kind] ?? 'card__history_kind_adjustment')}</span>
              <time className={styles.date} dateTime={entry.createdAt}>
                {formatDate(localDay(entry.createdAt), language)}
              </time>
              <span className={`${styles.amount} ${entry.amount.value > 0 ? styles.credit : ''}`} data-testid="history-amount">
                {formatSignedMoney(entry.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
