import type { Crypto } from '../crypto/index.js';
import { PURPOSE } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { findCardByNumberIndex } from '../db/repositories/cards.js';
import { eraseMessagesOfCard } from '../db/repositories/outbox.js';
import { findVisaHolder, updateVisaHolderData } from '../db/repositories/visa-holders.js';
import { type VisaHolderData, erasedHolder, holderWasErased } from '../cards/issue-card.js';
import { sealHolderData } from '../cards/search-indexes.js';
import type { CardRow } from '../db/schema.js';
import { changeOperatorCard, operatorCardNumber } from './operator-card.js';
import { OperatorError } from './operator-error.js';
import { operatorAuditFields } from './operator-name.js';
import { showCard, type CardReport } from './show-card.js';

export interface HolderExport {
  exportedAt: string;
  /** The card as support sees it (masked number, balances, ledger, messages, audit trail). */
  card: CardReport;
  /** What Tessera holds about the holder, decrypted; null once erased. */
  holder: VisaHolderData | null;
  erasedAt: string | null;
  /** Whether a PIN is held for the card (the PIN itself is shown only in the PIN frame). */
  pinHeld: boolean;
}

function requireVisa(card: CardRow | undefined, masked: string): asserts card is CardRow {
  if (!card) throw new OperatorError(`No card with number ${masked} exists.`);
  if (card.kind !== 'visa') throw new OperatorError(`${masked} is a gift card: Tessera holds no cardholder data for gift cards (payouts and registrations are in "tessera cards show").`);
}

/**
 * `tessera holders export NUMBER`: everything Tessera holds about a Visa cardholder, as JSON, for a
 * data subject access request: the holder data decrypted (name, phone, e-mail, address, birth data,
 * nationality), and the card's report (balances, ledger, messages with masked recipients, the audit
 * trail). Not the PIN: a credential, shown only to the cardholder in the PIN frame. Audited.
 */
export async function exportHolder(deps: { db: Db; crypto: Crypto; now: () => Date; operator?: string }, cardNumber: string): Promise<HolderExport> {
  const { masked, indexes } = operatorCardNumber(deps.crypto, cardNumber);
  const card = await findCardByNumberIndex(deps.db, indexes);
  requireVisa(card, masked);
  const sealed = await findVisaHolder(deps.db, card.id);
  const data = sealed ? (JSON.parse(deps.crypto.cipher.decrypt(sealed.holderCiphertext, PURPOSE.visaHolder)) as VisaHolderData) : null;
  const at = deps.now().toISOString();
  await recordAuditEvent(deps.db, { type: 'holder.export', ...operatorAuditFields(deps), outcome: 'exported', brandId: card.brand_id, cardId: card.id, detail: null }, at);
  return {
    exportedAt: at,
    card: await showCard(deps, cardNumber),
    holder: data && !holderWasErased(data) ? data : null,
    erasedAt: data && holderWasErased(data) ? data.erasedAt! : null,
    pinHeld: sealed?.pinCiphertext != null,
  };
}

export interface EraseResult {
  maskedNumber: string;
  /** false: it was erased before (at `erasedAt`); nothing changed. */
  erased: boolean;
  erasedAt: string;
  /** Queued messages to the holder whose content was erased with it. */
  messagesErased: number;
}

/**
 * `tessera holders erase NUMBER`: a data deletion request. The holder data (name, phone, e-mail,
 * address, birth data, nationality) is replaced by an "erased" record, and the content of messages
 * still queued to the holder is erased (they are marked failed: "erased on request"). The ledger,
 * the masked references and the audit trail stay: they are the issuer's books. The card can no
 * longer be activated or recovered by SMS (there is no phone number to send a code to); an active
 * card keeps working with its passcode. Idempotent; audited.
 */
export function eraseHolder(deps: { db: Db; crypto: Crypto; now: () => Date; operator?: string }, cardNumber: string): Promise<EraseResult> {
  const at = deps.now().toISOString();
  return changeOperatorCard(deps, cardNumber, async ({ trx, card }, masked) => {
    requireVisa(card, masked);
    const sealed = await findVisaHolder(trx, card.id);
    if (sealed) {
      const data = JSON.parse(deps.crypto.cipher.decrypt(sealed.holderCiphertext, PURPOSE.visaHolder)) as VisaHolderData;
      if (holderWasErased(data)) return { maskedNumber: masked, erased: false, erasedAt: data.erasedAt!, messagesErased: 0 };
    }
    if (sealed) {
      await updateVisaHolderData(trx, card.id, sealHolderData(deps.crypto, erasedHolder(at)), at);
    }
    const messagesErased = await eraseMessagesOfCard(trx, card.id, 'erased on request', at);
    await recordAuditEvent(trx, { type: 'holder.erase', ...operatorAuditFields(deps), outcome: 'erased', brandId: card.brand_id, cardId: card.id, detail: `${messagesErased} queued messages erased` }, at);
    return { maskedNumber: masked, erased: true, erasedAt: at, messagesErased };
  });
}
