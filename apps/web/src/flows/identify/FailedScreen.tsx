import { Redirect } from 'wouter';
import { useTranslation } from 'react-i18next';
import { identifyRoutes } from '@tessera/contracts';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { Alert } from '../../components/Alert/Alert';
import { Button } from '../../components/Button/Button';
import { clearIdentify, useIdentifyState, type IdentifyFailure } from './state';
import styles from './identify.module.css';

const failureText: Record<IdentifyFailure, string> = {
  cancelled: 'identify__failed_cancelled',
  alreadyRegistered: 'identify__failed_already_registered',
  failed: 'identify__failed_text',
};

/**
 * /:slug/identify/failed (spec §2.7): the card (masked: only success shows it in full), the
 * failure text (why, when the server said: cancelled at the bank, already registered) and a
 * start-again button that clears the held data. Without a card in state: back to the start.
 */
export function FailedScreen() {
  const { t } = useTranslation();
  const { slug } = useRequiredFlowContext();
  const state = useIdentifyState(slug);
  const navigate = useNavigate();
  useDocumentTitle(t('identify__failed_title'));

  if (!state) return <Redirect to={absolute(identifyRoutes.start.path(slug))} replace />;

  return (
    <PageShell hidePoster>
      <OverviewTitle title={t('identify__failed_title')} />
      <CardSummary cardNumber={state.card.code} status="active" />
      <Alert tone="danger">
        <p>{t(failureText[state.failure ?? 'failed'])}</p>
      </Alert>
      <div className={styles.actions}>
        <Button
          variant="retry"
          onClick={() => {
            navigate(identifyRoutes.start.path(slug));
            clearIdentify(slug);
          }}
        >
          {t('identify__failed_restart')}
        </Button>
      </div>
    </PageShell>
  );
}
