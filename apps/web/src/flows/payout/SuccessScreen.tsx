import { Redirect } from 'wouter';
import { useTranslation } from 'react-i18next';
import { payoutRoutes } from '@tessera/contracts';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { Alert } from '../../components/Alert/Alert';
import { Button } from '../../components/Button/Button';
import { formatPayoutMoney } from './money';
import { clearPayout, usePayoutState } from './state';
import styles from './payout.module.css';

/**
 * /:slug/payout/success (spec §2.5): the success notice (what will be transferred to which account,
 * masked as the server answered it) and a new-payment button that clears the held data and
 * returns to the start. Without a recorded payout in state: back to the start.
 */
export function SuccessScreen() {
  const { t } = useTranslation();
  const { slug } = useRequiredFlowContext();
  const state = usePayoutState(slug);
  const navigate = useNavigate();
  useDocumentTitle(t('payout__success_title'));

  if (!state?.result) return <Redirect to={absolute(payoutRoutes.start.path(slug))} replace />;
  const { result } = state;

  return (
    <PageShell hidePoster>
      <OverviewTitle title={t('payout__success_title')} />
      <Alert tone="success">
        <p>
          {t('payout__success_notice', { amount: formatPayoutMoney(result.payout, result.assetCode) })}{' '}
          <strong className={styles.account}>{result.bankAccountNumber}</strong>
        </p>
      </Alert>
      <p>{t('payout__success_text')}</p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => {
            navigate(payoutRoutes.start.path(slug));
            clearPayout(slug);
          }}
        >
          {t('payout__success_new')}
        </Button>
      </div>
    </PageShell>
  );
}
