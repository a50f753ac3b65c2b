import { lazy, Suspense, useState } from 'react';
import { Redirect } from 'wouter';
import { useTranslation } from '../../lib/useTranslation';
import { balanceRoutes, type BlockCardResult } from '@tessera/contracts';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { BalanceResult } from './BalanceResult';
import { balanceStore, useBalanceCard } from './state';

/**
 * The history and the block come in a chunk of their own (shared with the VISA account), asked for
 * as soon as this screen's module runs (the flow preloads it), so they are there when it renders:
 * imported statically, each shared piece would add its file to the first screen's preload table.
 */
const ownerTools = import('../../components/CardOwnerTools/CardOwnerTools');
// A failed load is the error boundary's to show, once a piece renders; not an unhandled rejection.
ownerTools.catch(() => undefined);
const CardHistory = lazy(() => ownerTools.then((m) => ({ default: m.CardHistory })));
const BlockCard = lazy(() => ownerTools.then((m) => ({ default: m.BlockCard })));
const BlockedResult = lazy(() => ownerTools.then((m) => ({ default: m.BlockedResult })));

/**
 * /:slug/balance/amount: the card's balance, its latest transactions and the block of a lost card;
 * without a card, back to the start (replace). Once the card is blocked it leaves the flow's state
 * and this screen shows the result in its place (the first BALANCE screen's budget has no room for
 * another route in its table, docs/decisions/003).
 */
export function AmountScreen() {
  const { t } = useTranslation();
  const { slug, theme } = useRequiredFlowContext();
  const card = useBalanceCard(slug);
  const navigate = useNavigate();
  const [blocked, setBlocked] = useState<{ cardNumber: string; result: BlockCardResult } | null>(null);
  // BlockedResult names its own screen the same way: the parent's effect runs after the child's.
  useDocumentTitle(t(blocked ? 'card__blocked_title' : 'balance__amount_title'));
  const startAgain = () => {
    navigate(balanceRoutes.start.path(slug));
    balanceStore(slug).clear();
  };

  if (blocked) {
    return (
      <Suspense fallback={null}>
        <BlockedResult cardNumber={blocked.cardNumber} result={blocked.result} action={{ label: t('balance__retry'), onClick: startAgain }} />
      </Suspense>
    );
  }
  if (!card) return <Redirect to={absolute(balanceRoutes.start.path(slug))} replace />;
  return (
    <PageShell hidePoster>
      <OverviewTitle title={t('balance__amount_title')} />
      <BalanceResult card={card} onRetry={startAgain}>
        <Suspense fallback={null}>
          <CardHistory transactions={card.transactions} />
        </Suspense>
      </BalanceResult>
      {/* Last, under "Check another card": the one action that cannot be undone. */}
      <Suspense fallback={null}>
        <BlockCard
          flow="BALANCE"
          themeCode={theme.code}
          cardNumber={card.code}
          onBlocked={(result) => {
            // The blocked card is unknown to BALANCE from now on: it leaves the flow's state.
            setBlocked({ cardNumber: card.code, result });
            balanceStore(slug).clear();
          }}
        />
      </Suspense>
    </PageShell>
  );
}
