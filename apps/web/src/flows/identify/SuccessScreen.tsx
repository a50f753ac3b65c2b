import { Redirect } from 'wouter';
import { useTranslation } from 'react-i18next';
import { groupInBlocks, stripCardNumber, identifyRoutes } from '@tessera/contracts';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { Alert } from '../../components/Alert/Alert';
import { Button } from '../../components/Button/Button';
import { clearIdentify, useIdentifyState } from './state';
import styles from './identify.module.css';

/**
 * /:slug/identify/success (spec §2.7): the registered card number in blocks of 4 (the one screen
 * that shows a card number in full: contract.md "Cards and secrets") and a register-another-card
 * button that clears the held data and returns to the start. Without a registration in state:
 * back to the start.
 */
export function SuccessScreen() {
  const { t } = useTranslation();
  const { slug } = useRequiredFlowContext();
  const state = useIdentifyState(slug);
  const navigate = useNavigate();
  useDocumentTitle(t('identify__success_title'));

  if (!state?.registeredCardNumber) return <Redirect to={absolute(identifyRoutes.start.path(slug))} replace />;

  return (
    <PageShell hidePoster>
      <OverviewTitle title={t('identify__success_title')} />
      <Alert tone="success">
        <p>{t('identify__success_notice')}</p>
      </Alert>
      <dl className={styles.number}>
        <dt>{t('identify__success_card_label')}</dt>
        <dd data-testid="registered-card-number">{groupInBlocks(stripCardNumber(state.registeredCardNumber))}</dd>
      </dl>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => {
            navigate(identifyRoutes.start.path(slug));
            clearIdentify(slug);
          }}
        >
          {t('identify__success_another')}
        </Button>
      </div>
    </PageShell>
  );
}
