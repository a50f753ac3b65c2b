import { useTranslation } from '../../lib/useTranslation';
import { payoutRoutes } from '@tessera/contracts';
import { takeIdentityEntry } from '../../components/Identity/identityEntry';
import { type BankReturn, type BankReturns } from '../../components/Identity/useBankReturn';
import { BankReturnScreen } from '../../components/Identity/BankReturnScreen';
import { errorMessage } from '../../lib/errorMessages';
import { registerPayoutCustomer } from './api/payoutApi';
import { payoutCustomerErrors } from './errors';
import type { PayoutCallbackOutcome } from './routing';
import { payoutStore } from './state';

type Outcome = PayoutCallbackOutcome | 'start';

const returns: BankReturns<Outcome> = new Map();

/** Tests: forget the returns handled so far. */
export function forgetPayoutReturns(): void {
  returns.clear();
}

async function handleReturn({ slug, themeCode, state, sessionId }: BankReturn): Promise<Outcome> {
  const entry = takeIdentityEntry(state, payoutRoutes.callback.path(slug));
  if (!entry) return 'start';
  // The card (masked) comes back first: every screen after this one shows it
  // (docs/product/payout.md#screens).
  payoutStore(slug).set({ card: entry.card });
  if (!sessionId) return 'failed';
  try {
    // The session call bound the card and the IBAN to the session: the sessionId is all it takes.
    const result = await registerPayoutCustomer({ themeCode, sessionId });
    payoutStore(slug).set({ card: entry.card, result });
    return 'success';
  } catch (error) {
    const outcome = errorMessage(error, payoutCustomerErrors);
    if (outcome === 'alreadyPaidOut') payoutStore(slug).set({ card: entry.card, alreadyPaidOut: true });
    return outcome;
  }
}

const pathOf: Record<Outcome, (slug: string) => string> = {
  start: payoutRoutes.start.path,
  success: payoutRoutes.success.path,
  cancelled: payoutRoutes.cancelled.path,
  alreadyRegistered: payoutRoutes.alreadyRegistered.path,
  // The same screen, with the already-paid-out text the state asks for.
  alreadyPaidOut: payoutRoutes.alreadyRegistered.path,
  failed: payoutRoutes.failed.path,
};

/**
 * /:slug/payout/callback?state=…&sessionId=… (docs/product/payout.md): the loading screen on the
 * way back from the bank. Reads and removes the stored entry, puts the (masked) card back in the
 * flow state, calls the customer registration once with the sessionId alone (the session call
 * bound the card and the IBAN), and replaces itself with the outcome's screen (OK →
 * success; USER_CANCELLED → cancelled; CARD_ALREADY_REGISTERED → alreadyregistered; 409
 * IDEMPOTENCY_CONFLICT → alreadyregistered saying the card was already paid out with other
 * details; anything else → failed). No entry for this flow and brand (a reload after it was read,
 * a stale link): back to the start.
 */
export function CallbackScreen() {
  const { t } = useTranslation();
  return (
    <BankReturnScreen returns={returns} handle={handleReturn} pathOf={pathOf} title={t('payout__callback_title')} loading={t('payout__callback_loading')} />
  );
}
