import { identifyRoutes } from '@tessera/contracts';
import { maskedCardOf } from '../../lib/maskedCard';
import { useFlowScreen } from '../../lib/theme/useFlowScreen';
import { CardLookupForm } from '../../components/CardLookupForm/CardLookupForm';
import { ExplainedLookup } from '../../components/ExplainedLookup/ExplainedLookup';
import { lookupIdentifyCard } from './api/identifyApi';
import { identifySecret, identifyStore } from './state';

const LOOKUP_KEY = ['identify', 'lookup'] as const;

/**
 * /:slug/identify (docs/product/identify.md#screens): the card lookup (POST /api/GiftCard/ with
 * x-flow-type IDENTIFY), with its explanations (why register, where the card details are) where
 * the brand's informationType says, as on the BALANCE lookup (ExplainedLookup). A found card goes
 * to provider.
 */
export function StartScreen() {
  const { t, slug, theme, navigate } = useFlowScreen('identify__title');

  return (
    <ExplainedLookup
      title={t('identify__title')}
      subtitle={t('identify__subtitle')}
      explanationLink={t('identify__explanation_link')}
      informationId="identify-information"
      explanations={[
        { title: t('identify__explanation_title'), text: t('identify__explanation_text') },
        { title: t('identify__card_info_title'), text: t('identify__card_info_text') },
      ]}
    >
      {(tooltips) => (
        <CardLookupForm
          themeCode={theme.code}
          lookup={lookupIdentifyCard}
          lookupKey={LOOKUP_KEY}
          invalidCardText={t('identify__invalid_card')}
          submitLabel={t('identify__lookup_submit')}
          cardNumberInfo={tooltips ? t('identify__card_info_text') : undefined}
          onSuccess={(card, securityCode) => {
            identifySecret.set(slug, { cardNumber: card.code, securityCode });
            identifyStore(slug).set({ card: maskedCardOf(card) });
            navigate(identifyRoutes.provider.path(slug));
          }}
        />
      )}
    </ExplainedLookup>
  );
}
