import { groupInBlocks, stripCardNumber } from '@tessera/contracts';
import { ResultPage } from '../../components/ResultPage/ResultPage';
import { useResultScreen } from '../../components/ResultPage/useResultScreen';
import { Alert } from '../../components/Alert/Alert';
import { identifyRegistered, identifyResult } from './state';
import styles from './identify.module.css';

/**
 * /:slug/identify/success (docs/product/identify.md#screens): the registered card number in blocks
 * of 4 (the one screen that shows a card number in full: docs/product/common.md#secrets) and a
 * register-another-card button that clears the held data and returns to the start. The full number
 * is the customer call's answer, kept in page memory only (docs/security.md#browser-storage): after
 * a reload the screen shows the card masked. Without a registration in state: back to the start.
 */
export function SuccessScreen() {
  const { t, slug, title, state, backToStart, restart } = useResultScreen(identifyResult, 'identify__success_title');
  if (!state?.registered) return backToStart;
  const number = identifyRegistered.get(slug);

  return (
    <ResultPage title={title} action={{ label: t('identify__success_another'), variant: 'secondary', onClick: restart }}>
      <Alert tone="success">
        <p>{t('identify__success_notice')}</p>
      </Alert>
      <dl className={styles.number}>
        <dt>{t('identify__success_card_label')}</dt>
        <dd data-testid="registered-card-number">{groupInBlocks(number ? stripCardNumber(number) : state.card.maskedNumber)}</dd>
      </dl>
    </ResultPage>
  );
}
