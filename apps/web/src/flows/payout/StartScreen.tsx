import { InformationType, type GiftCard, payoutRoutes } from '@tessera/contracts';
import { maskedCardOf } from '../../lib/maskedCard';
import { useFlowScreen } from '../../lib/theme/useFlowScreen';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { StepsBlock } from '../../components/StepsBlock/StepsBlock';
import { CardLookupForm } from '../../components/CardLookupForm/CardLookupForm';
import { lookupPayoutCard } from './api/payoutApi';
import { payoutStartRoute } from './routing';
import { payoutSecret, payoutStore } from './state';

export const PAYOUT_INFORMATION_ID = 'payout-information';

/** The five steps of a payout (docs/product/payout.md#screens "five-step explainer"). */
const STEP_KEYS = ['payout__step_1', 'payout__step_2', 'payout__step_3', 'payout__step_4', 'payout__step_5'] as const;

const LOOKUP_KEY = ['payout', 'lookup'] as const;

/**
 * /:slug/payout (docs/product/payout.md#screens): card number and security code with the bot check
 * (the shared card form, POST /api/Payout/), a link to the explanation (shown unless the brand
 * shows no explanations: informationType None), and the five-step explainer. A found card goes
 * where its payoutBalance says (routing.ts).
 */
export function StartScreen() {
  const { t, slug, theme, navigate } = useFlowScreen('payout__title');
  const showLink = theme.styling.informationType !== InformationType.None;

  const onFound = (card: GiftCard, securityCode: string) => {
    payoutSecret.set(slug, { cardNumber: card.code, securityCode });
    payoutStore(slug).set({ card: maskedCardOf(card) });
    // The route names of payoutStartRoute are the screens' names in the flow's table.
    navigate(payoutRoutes[payoutStartRoute(card)].path(slug));
  };

  return (
    <PageShell>
      <OverviewTitle
        title={t('payout__title')}
        subtitle={t('payout__subtitle')}
        anchor={showLink ? { label: t('payout__explanation_link'), targetId: PAYOUT_INFORMATION_ID } : undefined}
      />
      <CardLookupForm
        themeCode={theme.code}
        lookup={lookupPayoutCard}
        lookupKey={LOOKUP_KEY}
        invalidCardText={t('payout__invalid_card')}
        submitLabel={t('payout__lookup_submit')}
        onSuccess={onFound}
      />
      <div id={PAYOUT_INFORMATION_ID}>
        <StepsBlock title={t('payout__steps_title')} steps={STEP_KEYS.map((key) => t(key))} />
      </div>
    </PageShell>
  );
}
