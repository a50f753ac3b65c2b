import { ResultPage } from '../../components/ResultPage/ResultPage';
import { useResultScreen } from '../../components/ResultPage/useResultScreen';
import { Alert } from '../../components/Alert/Alert';
import { formatPayoutMoney } from './money';
import { payoutResult } from './state';
import styles from './payout.module.css';

/**
 * /:slug/payout/success (docs/product/payout.md#screens): the success notice (what will be
 * transferred to which account, masked as the server answered it) and a new-payment button that
 * clears the held data and returns to the start. Without a recorded payout in state: back to the
 * start.
 */
export function SuccessScreen() {
  const { t, title, state, backToStart, restart } = useResultScreen(payoutResult, 'payout__success_title');
  if (!state?.result) return backToStart;
  const { result } = state;

  return (
    <ResultPage title={title} action={{ label: t('payout__success_new'), variant: 'secondary', onClick: restart }}>
      <Alert tone="success">
        <p>
          {t('payout__success_notice', { amount: formatPayoutMoney(result.payout, result.assetCode) })}{' '}
          <strong className={styles.account}>{result.bankAccountNumber}</strong>
        </p>
      </Alert>
      <p>{t('payout__success_text')}</p>
    </ResultPage>
  );
}
