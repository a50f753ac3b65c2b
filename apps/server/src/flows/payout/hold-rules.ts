import { type Crypto, PURPOSE } from '../../crypto/index.js';
import type { Executor } from '../../db/repositories/executor.js';
import { countOtherCardsToIban, hadLockoutSince, identityPayoutTotal, isIbanBlocked } from '../../db/repositories/payout-review.js';
import type { VerifiedIdentity } from '../../domain/identity.js';
import { type PayoutReviewRule, type PayoutReviewSettings, reviewWindows, rulesHit } from '../../domain/payout-review.js';

export interface HoldQuestion {
  cardId: string;
  brandId: string;
  /** The IBAN as checked (normalised). */
  iban: string;
  /** The bank-verified identity; null when the payout has none (a test, an operator's tool). */
  identity: Pick<VerifiedIdentity, 'issuer' | 'subject'> | null;
  amount: number;
}

/** The blind indexes an IBAN may be stored under (current and, during a rotation, previous index key). */
export const ibanIndexCandidates = (crypto: Pick<Crypto, 'blindIndex'>, iban: string) => crypto.blindIndex.candidates(PURPOSE.payoutIban, iban);

/**
 * The review rules a new payout hits (domain/payout-review.ts), read in the payout's own
 * transaction after the card is locked, so two payouts of one card cannot both pass on what the
 * other has not yet written. Other cards' payouts committed meanwhile are seen by the next one.
 */
export async function holdRulesOf(trx: Executor, crypto: Pick<Crypto, 'blindIndex'>, settings: PayoutReviewSettings, question: HoldQuestion, now: Date): Promise<PayoutReviewRule[]> {
  const windows = reviewWindows(settings, now);
  const ibanIndexes = ibanIndexCandidates(crypto, question.iban);
  const subjects = question.identity && crypto.blindIndex.candidates(PURPOSE.identitySubject, `${question.identity.issuer} ${question.identity.subject}`);
  return rulesHit(settings, {
    amount: question.amount,
    otherCardsToIban: settings.ibanOtherCards === null ? 0 : await countOtherCardsToIban(trx, ibanIndexes, question.cardId, windows.ibanSince),
    identityMonthTotal: subjects && settings.identityMonthlyLimit !== null ? await identityPayoutTotal(trx, subjects, windows.monthStart) : null,
    ibanBlocked: settings.blockList && (await isIbanBlocked(trx, question.brandId, ibanIndexes)),
    recentLockout: settings.guessingWindowHours !== null && (await hadLockoutSince(trx, question.cardId, windows.guessingSince)),
  });
}
