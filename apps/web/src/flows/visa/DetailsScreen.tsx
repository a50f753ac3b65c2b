import { lazy, Suspense, useState } from 'react';
import { Redirect } from 'wouter';
import { useTranslation } from '../../lib/useTranslation';
import { visaRoutes, type BlockCardResult } from '@tessera/contracts';
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

/** The history and the block: a chunk of their own, shared with the BALANCE amount screen. */
const ownerTools = () => import('../../components/CardOwnerTools/CardOwnerTools');
const CardHistory = lazy(() => ownerTools().then((m) => ({ default: m.CardHistory })));
const BlockCard = lazy(() => ownerTools().then((m) => ({ default: m.BlockCard })));
const BlockedResult = lazy(() => ownerTools().then((m) => ({ default: m.BlockedResult })));

/**
 * account/details (docs/product/visa.md#screens): the overview after login or a passcode reset:
 * title, the success alert after a reset, the active card with its balance, the read-only holder
 * block, the PIN section (auto-hide), the card's latest transactions and the block of a lost card.
 * Blocking logs the card out (no call answers it any more) and shows the result in its place.
 * Without a logged-in card: back to account (replace).
 */
export function DetailsScreen() {
  const { t } = useTranslation();
  const { slug, theme } = useRequiredFlowContext();
  const navigate = useNavigate();
  const account = useVisaState('account', slug);
  const [blocked, setBlocked] = useState<{ cardNumber: string; result: BlockCardResult } | null>(null);
  // BlockedResult names its own screen the same way: the parent's effect runs after the child's.
  useDocumentTitle(t(blocked ? 'card__blocked_title' : 'visa__details_title'));

  if (blocked) {
    return (
      <Suspense fallback={null}>
        <BlockedResult
          cardNumber={blocked.cardNumber}
          result={blocked.result}
          action={{ label: t('card__blocked_back_to_login'), onClick: () => navigate(visaRoutes.account.path(slug), { replace: true }) }}
        />
      </Suspense>
    );
  }
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
      <Suspense fallback={null}>
        <CardHistory transactions={account.holder.transactions} />
      </Suspense>
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
      <Suspense fallback={null}>
        <BlockCard
          flow="VISA"
          themeCode={theme.code}
          cardNumber={account.cardNumber}
          secret={account.securityCode}
          onBlocked={(result) => {
            setBlocked({ cardNumber: account.cardNumber, result });
            visaStore('account', slug).set(null);
          }}
        />
      </Suspense>
    </PageShell>
  );
}
