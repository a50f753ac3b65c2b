import { useState } from 'react';
import { Redirect } from 'wouter';
import { useTranslation } from '../../lib/useTranslation';
import { visaRoutes } from '@tessera/contracts';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { Button } from '../../components/Button/Button';
import { PinSection } from './components/PinSection';
import { useVisaState } from './state';
import styles from './visa.module.css';

/**
 * activate/pin (docs/product/visa.md#screens): the last step; the PIN is fetched and shown at once,
 * and the button to the balance (activate/success) is enabled once the PIN has loaded (or could not
 * be: the success page offers it again). Without an activated card in state: back to activate.
 */
export function PinScreen() {
  const { t } = useTranslation();
  const { slug, theme } = useRequiredFlowContext();
  const navigate = useNavigate();
  const card = useVisaState('activation', slug);
  const [settled, setSettled] = useState(false);
  useDocumentTitle(t('visa__pin_screen_title'));

  if (!card?.securityCode || !card.holder) return <Redirect to={absolute(visaRoutes.activate.path(slug))} replace />;

  return (
    <PageShell>
      <OverviewTitle title={t('visa__pin_screen_title')} subtitle={t('visa__pin_screen_subtitle')} />
      <CardSummary cardNumber={card.cardNumber} status="inactive" />
      <PinSection themeCode={theme.code} cardNumber={card.cardNumber} securityCode={card.securityCode} autoShow onSettled={() => setSettled(true)} />
      <div className={styles.actions}>
        <Button
          disabled={!settled}
          aria-describedby={!settled ? 'visa-pin-wait' : undefined}
          onClick={() => navigate(visaRoutes.activateSuccess.path(slug), { replace: true })}
        >
          {t('visa__pin_screen_balance')}
        </Button>
      </div>
      {!settled ? (
        <p id="visa-pin-wait" className={styles.hint}>
          {t('visa__pin_screen_wait')}
        </p>
      ) : null}
    </PageShell>
  );
}
