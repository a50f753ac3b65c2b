import { Redirect } from 'wouter';
import { useTranslation } from 'react-i18next';
import { payoutRoutes } from '@tessera/contracts';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { Alert } from '../../components/Alert/Alert';
import { Button } from '../../components/Button/Button';
import { clearPayout, usePayoutState } from './state';
import styles from './payout.module.css';

/**
 * /:slug/payout/alreadyregistered (spec §2.5, §8 CARD_ALREADY_REGISTERED): the card was already
 * paid out or registered; a button clears the held data and goes to the start. Without a card in
 * state: back to the start.
 */
export function AlreadyRegisteredScreen() {
  const { t } = useTranslation();
  const { slug } = useRequiredFlowContext();
  const state = usePayoutState(slug);
  const navigate = useNavigate();
  useDocumentTitle(t('payout__already_registered_title'));

  if (!state) return <Redirect to={absolute(payoutRoutes.start.path(slug))} replace />;

  return (
    <PageShell hidePoster>
      <OverviewTitle title={t('payout__already_registered_title')} />
      <CardSummary cardNumber={state.card.code} status="active" />
      <Alert tone="info">
        <p>{t('payout__already_registered_text')}</p>
      </Alert>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => {
            navigate(payoutRoutes.start.path(slug));
            clearPayout(slug);
          }}
        >
          {t('payout__already_registered_button')}
        </Button>
      </div>
    </PageShell>
  );
}
