import { useTranslation } from '../../lib/useTranslation';
import { InformationType, identifyRoutes } from '@tessera/contracts';
import { maskedCardOf } from '../../lib/maskedCard';
import { useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { CardLookupForm } from '../../components/CardLookupForm/CardLookupForm';
import { lookupIdentifyCard } from './api/identifyApi';
import { IDENTIFY_INFORMATION_ID, InformationBlocks } from './InformationBlocks';
import { identifySecret, identifyStore } from './state';

const LOOKUP_KEY = ['identify', 'lookup'] as const;

/**
 * /:slug/identify (docs/product/identify.md#screens): the card lookup (POST /api/GiftCard/ with
 * x-flow-type IDENTIFY). The explanations go where the brand's informationType says, as on the
 * BALANCE lookup: ContainerAbove → above the form; ContainerBelow → below it; ContainerBeneath → a
 * panel beneath; Tooltip → the card number label's tooltip; None → nowhere. A found card goes to
 * provider.
 */
export function StartScreen() {
  const { t } = useTranslation();
  const { slug, theme } = useRequiredFlowContext();
  const navigate = useNavigate();
  useDocumentTitle(t('identify__title'));

  const type = theme.styling.informationType;
  const below = type === InformationType.ContainerBelow || type === InformationType.ContainerBeneath;

  return (
    <PageShell after={type === InformationType.ContainerBeneath ? <InformationBlocks /> : undefined}>
      <OverviewTitle
        title={t('identify__title')}
        subtitle={t('identify__subtitle')}
        anchor={below ? { label: t('identify__explanation_link'), targetId: IDENTIFY_INFORMATION_ID } : undefined}
      />
      {type === InformationType.ContainerAbove ? <InformationBlocks /> : null}
      <CardLookupForm
        themeCode={theme.code}
        lookup={lookupIdentifyCard}
        lookupKey={LOOKUP_KEY}
        invalidCardText={t('identify__invalid_card')}
        submitLabel={t('identify__lookup_submit')}
        cardNumberInfo={type === InformationType.Tooltip ? t('identify__card_info_text') : undefined}
        onSuccess={(card, securityCode) => {
          identifySecret.set(slug, { cardNumber: card.code, securityCode });
          identifyStore(slug).set({ card: maskedCardOf(card) });
          navigate(identifyRoutes.provider.path(slug));
        }}
      />
      {type === InformationType.ContainerBelow ? <InformationBlocks /> : null}
    </PageShell>
  );
}
