import { useTranslation } from '../../lib/useTranslation';
import type { PayoutBalance } from '@tessera/contracts';
import { InfoTooltip } from '../../components/Tooltip/InfoTooltip';
import { formatPayoutMoney } from './money';
import styles from './payout.module.css';

/**
 * The balance table (docs/product/payout.md#screens amount and unsufficientbalance): the card's
 * balance, the administrative costs (with a minus sign when above 0, and a hint tooltip) and what
 * is paid out.
 */
export function PayoutBreakdown({ balance }: { balance: PayoutBalance }) {
  const { t } = useTranslation();
  const { assetCode } = balance;
  return (
    <table className={styles.breakdown} data-testid="payout-breakdown">
      <caption className="visually-hidden">{t('payout__breakdown_caption')}</caption>
      <tbody>
        <tr>
          <th scope="row">{t('payout__balance_label')}</th>
          <td data-testid="payout-balance">{formatPayoutMoney(balance.balance, assetCode)}</td>
        </tr>
        <tr>
          <th scope="row">
            <span className={styles.feeLabel}>
              {t('payout__fee_label')}
              <InfoTooltip content={t('payout__fee_hint')} label={t('payout__fee_hint_label')} />
            </span>
          </th>
          <td data-testid="payout-fee">{formatPayoutMoney(balance.fee, assetCode, { negate: balance.fee > 0 })}</td>
        </tr>
        <tr className={styles.total}>
          <th scope="row">{t('payout__payout_label')}</th>
          <td data-testid="payout-amount">{formatPayoutMoney(balance.payout, assetCode)}</td>
        </tr>
      </tbody>
    </table>
  );
}
