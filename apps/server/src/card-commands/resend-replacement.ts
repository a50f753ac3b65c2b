import { randomUUID } from 'node:crypto';
import { maskCardNumber, SUPPORTED_LANGUAGES } from '@tessera/contracts';
import { cardNumberIndexes } from '../cards/card-number-indexes.js';
import { drawSecurityCode } from '../cards/card-numbers.js';
import { type Crypto, PURPOSE } from '../crypto/index.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { findBrandById } from '../db/repositories/brands.js';
import { findCardReplacement, findCardReplacementByNewCard, updateCardReplacementEmail } from '../db/repositories/card-replacements.js';
import { findCardById } from '../db/repositories/cards.js';
import { findMessageIdByDedupeKey, listMessagesOfCardFor } from '../db/repositories/outbox.js';
import { forgetGuessesOf, readNumberGuesses } from '../db/repositories/number-guesses.js';
import { sumLedgerByAsset } from '../db/repositories/ledger.js';
import type { CardReplacementRow, CardRow } from '../db/schema.js';
import { composeReplacementCardEmail, replacementDedupeKey } from '../delivery/emails/replacement-card.js';
import { recipientHint } from '../delivery/message.js';
import { sealReplacementEmail } from '../cards/search-indexes.js';
import { enqueueMessage } from '../delivery/outbox.js';
import { isReplacedGiftCard } from '../domain/card-state.js';
import { guessingStateOf } from '../domain/guessing-policy.js';
import { balancesOf } from '../domain/ledger.js';
import { setCardSecret } from '../cards/set-card-secret.js';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { type Actor, auditActorFields } from './actor.js';

/** Why a replacement e-mail is not sent again. */
export type ResendRefusalCode =
  /** The card was never replaced and is not a replacement: there is no such e-mail. */
  | 'NO_REPLACEMENT'
  /** The replacement card was replaced in its turn, or is blocked or otherwise not usable. */
  | 'REPLACEMENT_NOT_ACTIVE'
  /** The earlier e-mail is still waiting in the outbox: it may still arrive. */
  | 'REPLACEMENT_PENDING';

/** A refusal of the resend, thrown inside its transaction (nothing written); `message` names cards masked only. */
export class ResendRefusal extends Error {
  constructor(
    readonly code: ResendRefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'ResendRefusal';
  }
}

/** The outbox purpose of the e-mail that brings a replacement card (the replace call uses it too). */
const PURPOSE_REPLACEMENT_CARD = 'replacement_card';

/** Replacements are followed this far when a new card was replaced in its turn (a guard, not a limit anyone reaches). */
const MAX_CHAIN = 100;

/** The outbox key of a resent replacement e-mail: one per resend, so each is queued. */
export const resendDedupeKey = (oldCardId: string, resendId: string) => `${replacementDedupeKey(oldCardId)}:resend:${resendId}`;

export interface ResendReplacementResult {
  brandCode: string;
  /** The replaced card, masked (XXXXXXXXXXXXXXXX108). */
  oldMaskedNumber: string;
  /** The replacement card, masked: its number and new security code are only in the e-mail. */
  newMaskedNumber: string;
  /** Where the e-mail goes, masked (j***@example.nl). */
  recipientHint: string;
  /** --email named another address than the stored one, which was replaced by it. */
  addressChanged: boolean;
  culture: 'nl' | 'en';
  /** The queued message (outbox_messages.id). */
  messageId: string;
  /** The latest earlier replacement e-mail of the card, as the outbox still describes it (no content). */
  previous: { status: string; lastError: string | null; updatedAt: string } | null;
  /** Wrong attempts counted on the new card before, now cleared. */
  failedAttemptsCleared: number;
  /** The new card was locked after 100 wrong secrets; the lock is lifted with the new code. */
  wasOperatorLocked: boolean;
}

const mask = (card: Pick<CardRow, 'number_last3'>) => maskCardNumber(card.number_last3);
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Sends a replacement card's e-mail again: the way out when it is lost (failed for good, erased
 * by the outbox; or sent but never read). The new card holds the balance, but its number and code
 * were only in that e-mail, and a repeated replace call sends nothing (one e-mail per replaced
 * card). The operator's `tessera cards resend-replacement` and the back office both call it.
 *
 * `card` is the replaced (old) card or its replacement (new) card, found by the caller in `trx`.
 * With the new card's row locked (PostgreSQL; SQLite has one writer): the new card gets a fresh
 * security code (the one in the lost e-mail stops working), and its count of wrong attempts,
 * cool-down and operator lock are cleared (they were about the old code); a new replacement
 * e-mail (the card's balance now, per the ledger; the brand; the language stored with the
 * replacement) is queued with a dedupe key of its own; with `email` the stored encrypted address
 * is replaced, so a later repeat of the replace call must name the new one (the old one is
 * refused as IDEMPOTENCY_CONFLICT); and `card.replacement_resend` is audited on the new card by
 * the actor (ids only: no number, code or address).
 *
 * Refused (ResendRefusal, nothing written): a card that was never replaced and is not a
 * replacement, a replacement card that was replaced in its turn since (the latest replacement is
 * named), a blocked replacement card, and a replacement e-mail still pending in the outbox (it
 * may still arrive; a new code would make it useless). `email` is checked by the caller.
 */
export async function resendReplacementOf(
  deps: { crypto: Crypto },
  trx: Transaction<Database>,
  card: CardRow,
  actor: Actor,
  now: Date,
  options: { email?: string } = {},
): Promise<ResendReplacementResult> {
  const { crypto } = deps;
  const newEmail = options.email;
  const at = now.toISOString();
  const masked = mask(card);
  // The card as the replaced one first: a card in the middle of a chain (replaced, and itself a
  // replacement) then means its own, later replacement, the one whose e-mail may be missing.
  let record: CardReplacementRow | undefined;
  if (isReplacedGiftCard(card)) {
    record = await findCardReplacement(trx, card.id);
    if (!record) throw new ResendRefusal('NO_REPLACEMENT', `The card ${masked} is marked replaced, but its replacement record (address, language) is missing: no e-mail can be composed.`);
  } else {
    record = await findCardReplacementByNewCard(trx, card.id);
    if (!record) throw new ResendRefusal('NO_REPLACEMENT', `The card ${masked} was never replaced and is not a replacement card: there is no replacement e-mail to send.`);
  }
  const oldCard = record.old_card_id === card.id ? card : await findCardById(trx, record.old_card_id);
  const newCard = await findCardById(trx, record.new_card_id, { forUpdate: true });
  if (!oldCard || !newCard) throw new Error('card_replacements names a card that does not exist');
  const oldMasked = mask(oldCard);
  const newMasked = mask(newCard);

  if (isReplacedGiftCard(newCard)) {
    // Follow the chain to the card that holds the balance now, and the card it replaced.
    let replaced = newCard;
    let latest = await findCardById(trx, newCard.replaced_by_card_id!);
    for (let hops = 0; latest && isReplacedGiftCard(latest) && hops < MAX_CHAIN; hops++) {
      replaced = latest;
      latest = await findCardById(trx, latest.replaced_by_card_id!);
    }
    const latestMasked = latest ? mask(latest) : '?';
    throw new ResendRefusal(
      'REPLACEMENT_NOT_ACTIVE',
      `The card ${newMasked} that replaced ${oldMasked} was itself replaced since: the latest replacement is ${latestMasked}, ` +
        `issued for ${mask(replaced)}. Run the command with the number of ${mask(replaced)} or ${latestMasked} instead.`,
    );
  }
  if (newCard.state !== 'active') {
    throw new ResendRefusal('REPLACEMENT_NOT_ACTIVE', `The replacement card ${newMasked} of ${oldMasked} is ${newCard.state === 'blocked' ? 'blocked (stopped)' : newCard.state}: a new code would not make it usable.`);
  }

  const earlier = await listMessagesOfCardFor(trx, newCard.id, PURPOSE_REPLACEMENT_CARD);
  const pending = earlier.find((m) => m.status === 'pending');
  if (pending) {
    throw new ResendRefusal(
      'REPLACEMENT_PENDING',
      `The replacement e-mail of ${newMasked} is still waiting to be delivered (outbox message ${pending.id}, ` +
        `${pending.attempts} attempt${pending.attempts === 1 ? '' : 's'} so far, next at ${pending.next_attempt_at}). ` +
        'It may still arrive, and a new e-mail would make its security code stop working: run the command again once it has been sent or has failed.',
    );
  }

  const brand = await findBrandById(trx, newCard.brand_id);
  if (!brand) throw new Error('the replacement card has no brand');
  const storedEmail = crypto.cipher.decrypt(record.email_ciphertext, PURPOSE.replacementEmail);
  const to = newEmail ?? storedEmail;
  const addressChanged = newEmail !== undefined && !sameAddress(newEmail, storedEmail);
  if (newEmail !== undefined) {
    await updateCardReplacementEmail(trx, record.old_card_id, sealReplacementEmail(crypto, newEmail));
  }
  const culture = (SUPPORTED_LANGUAGES as readonly string[]).includes(record.culture) ? (record.culture as 'nl' | 'en') : 'nl';

  // A fresh security code: the previous one (in the lost e-mail) is marked used and stops working.
  const securityCode = drawSecurityCode();
  await setCardSecret(trx, crypto, { cardId: newCard.id, kind: 'security_code', value: securityCode, at });
  // Wrong guesses were guesses of the code that has just stopped working, so they no longer
  // count, and an operator lock goes too: "cards unlock" needs the new card's number, which
  // only the e-mail carries, and the operator is acting on the card right now anyway.
  const newIndexes = cardNumberIndexes(crypto, newCard);
  const guessing = guessingStateOf(await readNumberGuesses(trx, newIndexes));
  await forgetGuessesOf(trx, newIndexes);

  const balances = balancesOf(await sumLedgerByAsset(trx, newCard.id), newCard.asset_code);
  const message = await composeReplacementCardEmail(trx, {
    brandId: brand.id,
    culture,
    to,
    cardNumber: crypto.cipher.decrypt(newCard.number_ciphertext, PURPOSE.cardNumber),
    securityCode,
    balances: balances.map((b) => ({ value: b.balance, assetCode: b.assetCode })),
    expiresAt: newCard.expires_at,
  });
  const resendId = randomUUID();
  const dedupeKey = resendDedupeKey(record.old_card_id, resendId);
  const queued = await enqueueMessage(trx, crypto, { message, purpose: PURPOSE_REPLACEMENT_CARD, brandId: brand.id, cardId: newCard.id, dedupeKey }, at);
  const messageId = await findMessageIdByDedupeKey(trx, dedupeKey);
  if (!queued || !messageId) throw new Error('the resent e-mail was not queued');

  await recordAuditEvent(
    trx,
    {
      type: 'card.replacement_resend',
      ...auditActorFields(actor),
      outcome: 'queued',
      brandId: brand.id,
      cardId: newCard.id,
      detail:
        `replacement of card ${record.old_card_id}; new security code; outbox message ${messageId}; ` +
        `address ${addressChanged ? 'changed' : newEmail !== undefined ? 'confirmed' : 'kept'}; failed attempts were ${guessing.failedAttempts}${guessing.operatorLocked ? '; operator lock lifted' : ''}`,
    },
    at,
  );

  const last = earlier[0];
  return {
    brandCode: brand.code,
    oldMaskedNumber: oldMasked,
    newMaskedNumber: newMasked,
    recipientHint: recipientHint(message),
    addressChanged,
    culture,
    messageId,
    previous: last ? { status: last.status, lastError: last.last_error, updatedAt: last.updated_at } : null,
    failedAttemptsCleared: guessing.failedAttempts,
    wasOperatorLocked: guessing.operatorLocked,
  };
}
