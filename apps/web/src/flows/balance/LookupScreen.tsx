import { balanceRoutes } from '@tessera/contracts';
import { useFlowScreen } from '../../lib/theme/useFlowScreen';
import { ExplainedLookup } from '../../components/ExplainedLookup/ExplainedLookup';
import { LookupForm } from './LookupForm';
import { balanceStore } from './state';
import { AmountScreen } from './lazyScreens';

/**
 * /:slug/balance: the lookup form, with two explanations (the balance, resetting the security
 * code) where the brand's informationType says (ExplainedLookup).
 */
export function LookupScreen() {
  const { t, slug, theme, navigate } = useFlowScreen('balance__title');

  // Only a brand that offers RESET can send a cardholder there; others point to the issuer.
  const offersReset = theme.pageAvailability.some((p) => p.code === 'RESET' && p.isAvailable);
  const resetText = t(offersReset ? 'balance__reset_explanation_text' : 'balance__reset_explanation_text_no_reset');

  return (
    <ExplainedLookup
      title={t('balance__title')}
      subtitle={t('balance__subtitle')}
      explanationLink={t('balance__explanation_link')}
      informationId="balance-information"
      explanations={[
        { title: t('balance__explanation_title'), text: t('balance__explanation_text') },
        { title: t('balance__reset_explanation_title'), text: resetText },
      ]}
    >
      {(tooltips) => (
        <LookupForm
          themeCode={theme.code}
          cardNumberInfo={tooltips ? t('balance__explanation_text') : undefined}
          pinInfo={tooltips ? resetText : undefined}
          onSuccess={(card) => {
            balanceStore(slug).set(card);
            // Not before the amount screen can render: no "Loading…" after the answer. Should its
            // load fail, move on anyway: the screen's own load then reports it.
            const next = () => navigate(balanceRoutes.amount.path(slug));
            AmountScreen.preload().then(next, next);
          }}
          onUnexpectedError={() => navigate(balanceRoutes.error.path(slug))}
        />
      )}
    </ExplainedLookup>
  );
}
