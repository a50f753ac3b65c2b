import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { absolute } from '../../lib/router';
import { useTranslation } from '../../lib/useTranslation';
import { NO_ASSET, formatDate, validityOf, type GiftCard, type Validity } from '@tessera/contracts';
import { CardSummary, formatMoney } from '../../components/CardSummary/CardSummary';
import { Button } from '../../components/Button/Button';
import { isSafeLocalUrl } from '../../lib/redirectState';
import styles from './balance.module.css';

interface BalanceResultProps {
  card: GiftCard;
  onRetry: () => void;
  compact?: boolean;
  /** Overridable for tests; the validity text depends on today. */
  now?: Date;
  /** Shown before the retry button: the amount screen's history. */
  children?: ReactNode;
}

const validityKey: Record<Validity['kind'], string> = {
  unlimited: 'balance__validity_unlimited',
  validUntil: 'balance__validity_until',
  grace: 'balance__validity_grace',
  expired: 'balance__validity_expired',
};

/** The card with its balance, validity, thanks, the reset link and a retry button. */
export function BalanceResult({ card, onRetry, compact = false, now = new Date(), children }: BalanceResultProps) {
  const { t, i18n } = useTranslation();
  const validity = validityOf(card.expiresAt, now);
  const language = i18n.language;
  const date = validity.kind === 'unlimited' ? undefined : formatDate(validity.date, language);
  const [first, ...others] = card.balances;
  const balance = first ? first.quantity : { value: 0, assetCode: NO_ASSET };

  return (
    <div className={styles.result}>
      <CardSummary cardNumber={card.code} status="active" balance={balance} compact={compact} />
      {others.length ? (
        <ul className={styles.otherBalances}>
          {others.map((other) => (
            <li key={other.quantity.assetCode}>
              <CardSummaryLine value={other.quantity.value} assetCode={other.quantity.assetCode} />
            </li>
          ))}
        </ul>
      ) : null}
      <p className={`${styles.validity} ${validity.kind === 'expired' || validity.kind === 'grace' ? styles.validityWarning : ''}`} data-testid="validity">
        {t(validityKey[validity.kind], { date })}
      </p>
      <p>{t('balance__thank_you')}</p>
      {card.resetUrl && isSafeLocalUrl(card.resetUrl) ? (
        <p>
          {compact ? (
            // In the embed the reset page opens outside the frame: every page but the embed refuses
            // to be framed, and the cardholder should see the portal's own address.
            <a className={styles.resetLink} href={card.resetUrl} target="_blank" rel="noopener">
              {t('balance__reset_link')}
            </a>
          ) : (
            <Link className={styles.resetLink} href={absolute(card.resetUrl)}>
              {t('balance__reset_link')}
            </Link>
          )}
        </p>
      ) : null}
      {children}
      <div className={styles.actions}>
        <Button variant="retry" onClick={onRetry}>
          {t('balance__retry')}
        </Button>
      </div>
    </div>
  );
}

function CardSummaryLine({ value, assetCode }: { value: number; assetCode: string }) {
  const { t } = useTranslation();
  return (
    <span>
      {t('card__balance_label')}: <FormattedMoney value={value} assetCode={assetCode} />
    </span>
  );
}

function FormattedMoney({ value, assetCode }: { value: number; assetCode: string }) {
  return <strong>{formatMoney({ value, assetCode })}</strong>;
}
