import { Redirect } from 'wouter';
import { useTranslation } from '../../lib/useTranslation';
import { visaRoutes } from '@tessera/contracts';
import { absolute } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { Alert } from '../../components/Alert/Alert';
import { PinSection } from './components/PinSection';
import { useVisaState } from './state';

/**
 * activate/success (docs/product/visa.md#screens): the confirmation, the card now active with its
 * balance and currency, the PIN panel (hidden, auto-hide) and the hint to close the browser.
 */
export function SuccessScreen() {
  const { t } = useTranslation();
  const { slug, theme } = useRequiredFlowContext();
  const card = useVisaState('activation', slug);
  useDocumentTitle(t('visa__success_title'));

  if (!card?.securityCode || !card.holder) return <Redirect to={absolute(visaRoutes.activate.path(slug))} replace />;

  return (
    <PageShell hidePoster>
      <OverviewTitle title={t('visa__success_title')} />
      <Alert tone="success">
        <p>{t('visa__success_notice')}</p>
      </Alert>
      <CardSummary cardNumber={card.cardNumber} status="active" balance={{ value: card.holder.balance, assetCode: card.holder.currency }} />
      <PinSection themeCode={theme.code} cardNumber={card.cardNumber} securityCode={card.securityCode} autoHide />
      <Alert tone="info">
        <p>{t('visa__success_close_browser')}</p>
      </Alert>
    </PageShell>
  );
}
