import { useTranslation } from '../../lib/useTranslation';
import {
  MASK_VISIBLE_CHARACTERS,
  currencySymbol,
  formatBalance,
  groupInBlocks,
  maskCardNumber,
} from '@tessera/contracts';
import styles from './CardSummary.module.css';

export interface CardBalance {
  /** Minor units. */
  value: number;
  assetCode: string;
}

interface CardSummaryProps {
  cardNumber: string;
  status: 'active' | 'inactive';
  /**
   * Ignored for an inactive card: the inactive summary has no balance
   * (docs/product/common.md#page-shell).
   */
  balance?: CardBalance;
  compact?: boolean;
}

/** Balance as cardholders read it: currency symbol, then nl-formatted amount ("€ 25,00"). */
export function formatMoney(balance: CardBalance): string {
  const symbol = currencySymbol(balance.assetCode);
  return symbol ? `${symbol} ${formatBalance(balance.value)}` : formatBalance(balance.value);
}

/**
 * Card summary panel (docs/product/common.md#page-shell): masked number (16 X + last 3, read in
 * groups of 4), status tag and, for an active card, its balance.
 */
export function CardSummary({ cardNumber, status, balance, compact = false }: CardSummaryProps) {
  const { t } = useTranslation();
  const masked = maskCardNumber(cardNumber);
  const lastDigits = masked.slice(-MASK_VISIBLE_CHARACTERS);
  return (
    <div className={`${styles.card} ${compact ? styles.compact : ''}`}>
      <div className={styles.top}>
        <span className={`${styles.tag} ${status === 'active' ? styles.active : styles.inactive}`}>
          {t(status === 'active' ? 'card__status_active' : 'card__status_inactive')}
        </span>
        <svg className={styles.chip} aria-hidden="true" viewBox="0 0 40 30" width="40" height="30">
          <rect x="1" y="1" width="38" height="28" rx="5" fill="currentColor" opacity="0.35" />
          <path d="M1 10h12M1 20h12M27 10h12M27 20h12M13 1v28M27 1v28" stroke="currentColor" strokeWidth="1.2" opacity="0.6" />
        </svg>
      </div>
      <p className={styles.number}>
        <span role="img" aria-label={t('card__ending_in', { digits: lastDigits })}>
          {groupInBlocks(masked)}
        </span>
      </p>
      {status === 'active' && balance ? (
        <dl className={styles.balance}>
          <dt>{t('card__balance_label')}</dt>
          <dd data-testid="card-balance">{formatMoney(balance)}</dd>
        </dl>
      ) : null}
    </div>
  );
}
