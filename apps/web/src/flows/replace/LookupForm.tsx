import { useTranslation } from '../../lib/useTranslation';
import type { GiftCard } from '@tessera/contracts';
import { CardLookupForm } from '../../components/CardLookupForm/CardLookupForm';
import { lookupReplaceCard } from './api/replaceCard';

interface LookupFormProps {
  themeCode: string;
  /** The card and the security code it was found with. */
  onSuccess: (card: GiftCard, securityCode: string) => void;
}

const LOOKUP_KEY = ['replace', 'lookup'] as const;

/**
 * The REPLACE lookup (docs/product/replace.md#screens, POST /api/ReplaceCard/ with x-flow-type
 * REPLACE).
 */
export function LookupForm(props: LookupFormProps) {
  const { t } = useTranslation();
  return (
    <CardLookupForm
      {...props}
      lookup={lookupReplaceCard}
      lookupKey={LOOKUP_KEY}
      invalidCardText={t('replace__invalid_card')}
      submitLabel={t('replace__lookup_submit')}
    />
  );
}
