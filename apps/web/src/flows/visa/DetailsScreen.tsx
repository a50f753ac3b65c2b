import { Redirect } from 'wouter';
import { useTranslation } from 'react-i18next';
import { visaRoutes } from '@tessera/contracts';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { Alert } from '../../components/Alert/Alert';
import { Button } from '../../components/Button/Button';
import { HolderInformation } from './components/HolderInformation';
import { PinSection } from './components/PinSection';
import { useVisaState, visaStore } from './state';
import styles from './visa.module.css';

/**
 * account/details (docs/product/visa.md#screens): the overview after login or a passcode reset:
 * title, the success alert after a reset, the active card with its balance, the read-only holder
 * block and the PIN section (auto-hide). Without a logged-in card: back to account (replace).
 */
export function DetailsScreen() {
  const { t } = useTranslation();
  const { slug, theme } = useRequiredFlowContext();
  const navigate = useNavigate();
  const account = useVisaState('account', slug);
  useDocumentTitle(t('visa__details_title'));

  if (!account?.holder || !account.securityCode) return <Redirect to={absolute(visaRoutes.account.path(slug))} replace />;

  return (
    <PageShell hidePoster>
      <OverviewTitle title={t('visa__details_title')} />
      {account.passcodeReset ? (
        <Alert tone="success">
          <p>{t('visa__details_reset_success')}</p>
        </Alert>
      ) : null}
      <CardSummary
        cardNumber={account.cardNumber}
        status={account.holder.status === 'active' ? 'active' : 'inactive'}
        balance={{ value: account.holder.balance, assetCode: account.holder.currency }}
      />
      <HolderInformation holder={account.holder} mode="readOnly" />
      <PinSection themeCode={theme.code} cardNumber={account.cardNumber} securityCode={account.securityCode} autoHide />
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => {
            visaStore('account', slug).set(null);
            navigate(visaRoutes.account.path(slug), { replace: true });
          }}
        >
          {t('visa__details_logout')}
        </Button>
      </div>
    </PageShell>
  );
}
