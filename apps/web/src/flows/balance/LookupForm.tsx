import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import type { GiftCard } from '@tessera/contracts';
import { CardLookupForm } from '../../components/CardLookupForm/CardLookupForm';
import { lookupGiftCard } from './api/lookupGiftCard';

interface LookupFormProps {
  themeCode: string;
  onSuccess: (card: GiftCard) => void;
  /** Tooltip texts for the labels (informationType Tooltip). */
  cardNumberInfo?: ReactNode;
  pinInfo?: ReactNode;
  /** Called for server failures (5xx, malformed answers) that deserve the error page; inline otherwise. */
  onUnexpectedError?: () => void;
}

const LOOKUP_KEY = ['balance', 'lookup'] as const;

/**
 * The BALANCE lookup (docs/product/balance.md#screens, POST /api/GiftCard/), shared by the balance
 * page and its embed.
 */
export function LookupForm({ onSuccess, ...props }: LookupFormProps) {
  const { t } = useTranslation();
  return (
    <CardLookupForm
      {...props}
      lookup={lookupGiftCard}
      lookupKey={LOOKUP_KEY}
      invalidCardText={t('balance__invalid_card')}
      submitLabel={t('balance__submit')}
      onSuccess={(card) => onSuccess(card)}
    />
  );
}
