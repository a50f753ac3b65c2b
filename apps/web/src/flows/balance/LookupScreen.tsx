import { useTranslation } from '../../lib/useTranslation';
import { InformationType, balanceRoutes } from '@tessera/contracts';
import { useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { LookupForm } from './LookupForm';
import { INFORMATION_ID, InformationBlocks } from './InformationBlocks';
import { balanceStore } from './state';
import { AmountScreen } from './lazyScreens';

/**
 * /:slug/balance: the lookup form. The two explanations go where the brand's informationType says:
 * Tooltip → label tooltips; ContainerAbove → above the form; ContainerBelow → below it in the same
 * panel; ContainerBeneath → a separate panel beneath; None → nowhere.
 */
export function LookupScreen() {
  const { t } = useTranslation();
  const { slug, theme } = useRequiredFlowContext();
  const navigate = useNavigate();
  useDocumentTitle(t('balance__title'));

  // Only a brand that offers RESET can send a cardholder there; others point to the issuer.
  const offersReset = theme.pageAvailability.some((p) => p.code === 'RESET' && p.isAvailable);
  const resetText = t(offersReset ? 'balance__reset_explanation_text' : 'balance__reset_explanation_text_no_reset');
  const type = theme.styling.informationType;
  const tooltips = type === InformationType.Tooltip;
  const below = type === InformationType.ContainerBelow || type === InformationType.ContainerBeneath;

  return (
    <PageShell after={type === InformationType.ContainerBeneath ? <InformationBlocks resetText={resetText} /> : undefined}>
      <OverviewTitle
        title={t('balance__title')}
        subtitle={t('balance__subtitle')}
        anchor={below ? { label: t('balance__explanation_link'), targetId: INFORMATION_ID } : undefined}
      />
      {type === InformationType.ContainerAbove ? <InformationBlocks resetText={resetText} /> : null}
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
      {type === InformationType.ContainerBelow ? <InformationBlocks resetText={resetText} /> : null}
    </PageShell>
  );
}
