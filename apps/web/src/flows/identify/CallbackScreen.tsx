import { useTranslation } from '../../lib/useTranslation';
import { identifyRoutes } from '@tessera/contracts';
import { errorMessage } from '../../lib/errorMessages';
import { takeIdentityEntry } from '../../components/Identity/identityEntry';
import { type BankReturn, type BankReturns } from '../../components/Identity/useBankReturn';
import { BankReturnScreen } from '../../components/Identity/BankReturnScreen';
import { identityCustomerErrors } from '../../components/Identity/identityCustomerErrors';
import { registerIdentifyCustomer } from './api/identifyApi';
import { identifyRegistered, identifyStore } from './state';

type Outcome = 'start' | 'success' | 'failed';

const returns: BankReturns<Outcome> = new Map();

/** Tests: forget the returns handled so far. */
export function forgetIdentifyReturns(): void {
  returns.clear();
}

async function handleReturn({ slug, state, sessionId }: BankReturn): Promise<Outcome> {
  const entry = takeIdentityEntry(state, identifyRoutes.callback.path(slug));
  if (!entry) return 'start';
  const { card } = entry;
  identifyStore(slug).set({ card });
  if (!sessionId) {
    identifyStore(slug).set({ card, failure: 'failed' });
    return 'failed';
  }
  try {
    // The session call bound the card to the session: the sessionId is all it takes.
    const answer = await registerIdentifyCustomer({ slug, sessionId });
    // The number in full for the success screen: page memory only, never storage.
    if (answer.cardNumber) identifyRegistered.set(slug, answer.cardNumber);
    identifyStore(slug).set({ card, registered: true });
    return 'success';
  } catch (error) {
    // Which failure text the failed screen shows (the spec has one screen; the reason helps the cardholder).
    identifyStore(slug).set({ card, failure: errorMessage(error, identityCustomerErrors) });
    return 'failed';
  }
}

const pathOf: Record<Outcome, (slug: string) => string> = {
  start: identifyRoutes.start.path,
  success: identifyRoutes.success.path,
  failed: identifyRoutes.failed.path,
};

/**
 * /:slug/identify/callback?state=…&sessionId=… (docs/product/identify.md#screens): the loading
 * screen on the way back from the bank. Reads and removes the stored entry, puts the (masked) card
 * back, calls the IDENTIFY customer registration once with the sessionId alone (the session call
 * bound the card) and replaces itself with success (OK;
 * docs/product/identify.md#screens leaves this open, docs/product/identify.md settles it) or failed
 * (anything else). No entry for this flow and brand: the start.
 */
export function CallbackScreen() {
  const { t } = useTranslation();
  return (
    <BankReturnScreen returns={returns} handle={handleReturn} pathOf={pathOf} title={t('identify__callback_title')} loading={t('identify__callback_loading')} />
  );
}
