import { recordWebhookEvent } from '../delivery/webhooks/events.js';
import { randomUUID } from 'node:crypto';
import { maskCardNumber, validityOf } from '@tessera/contracts';
import { drawCardNumberLike, drawRecoveryCode, drawSecurityCode, luhnCheckDigit } from '../cards/card-numbers.js';
import { issueCardIfNumberFree } from '../cards/issue-card.js';
import { PURPOSE } from '../crypto/index.js';
import { insertApiLedgerEntry } from '../db/repositories/api-ledger.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { findBrandById } from '../db/repositories/brands.js';
import type { Executor } from '../db/repositories/executor.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import type { InTransaction } from './api-card.js';
import { apiActor, type ApiCaller } from './caller.js';
import type { Money } from './schemas.js';

/** How many numbers are drawn before giving up (each is taken with odds of about 1 in 10^12). */
const NUMBER_DRAWS = 5;
/** The template of a brand's first card number: 19 digits, Tessera's gift card prefix, Luhn-valid. */
const FIRST_NUMBER_TEMPLATE = `606400000000000000${luhnCheckDigit('606400000000000000')}`;

export interface IssuedGiftCard {
  id: string;
  brandId: string;
  maskedNumber: string;
  cardNumber: string;
  securityCode: string;
  recoveryCode: string | undefined;
  balance: Money;
  expiresAt: string | null;
  /** The initial load's ledger entry (none for a card issued empty). */
  loadEntryId: string | null;
  createdAt: string;
}

/**
 * A new number in the style of the brand's newest gift card (same length and first six digits,
 * Luhn-valid when that one is), or of Tessera's gift card template for a brand's first card.
 */
async function numberTemplate(db: Executor, deps: Pick<ServiceDeps, 'crypto'>, brandId: string): Promise<string> {
  const newest = await db
    .selectFrom('cards')
    .select('number_ciphertext')
    .where('brand_id', '=', brandId)
    .where('kind', '=', 'giftcard')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return newest ? deps.crypto.cipher.decrypt(newest.number_ciphertext, PURPOSE.cardNumber) : FIRST_NUMBER_TEMPLATE;
}

/**
 * POST /api/v1/cards: a new active gift card of the caller's brand (cards/issue-card.ts seals
 * it): a fresh number, security code and, when asked, recovery code, which this answer shows once.
 * The initial balance is a `load` entry booked by the key. One transaction: the card, its
 * secrets, the load, the audit event and the idempotent answer commit together.
 */
export async function issueGiftCard(
  deps: Pick<ServiceDeps, 'db' | 'crypto' | 'now'>,
  caller: ApiCaller,
  input: { balance: Money; expiresAt?: string; recoveryCode?: boolean },
  inTransaction?: InTransaction<IssuedGiftCard>,
): Promise<IssuedGiftCard> {
  const now = deps.now();
  const at = now.toISOString();
  if (input.expiresAt !== undefined && validityOf(input.expiresAt, now).kind !== 'validUntil') {
    throw new AppError('VALIDATION_ERROR', 'expiresAt must be today or later.', [{ path: 'expiresAt', message: 'today or later' }]);
  }
  return deps.db.transaction().execute(async (trx) => {
    const brand = await findBrandById(trx, caller.brandId);
    if (!brand) throw new Error(`the API key's brand ${caller.brandId} is gone`);
    if (input.balance.assetCode !== brand.asset_code) {
      throw new AppError('VALIDATION_ERROR', `The brand's cards hold ${brand.asset_code}.`, [{ path: 'balance.assetCode', message: `must be ${brand.asset_code}` }]);
    }
    const template = await numberTemplate(trx, deps, brand.id);
    const securityCode = drawSecurityCode();
    const recoveryCode = input.recoveryCode ? drawRecoveryCode() : undefined;
    const expiresAt = input.expiresAt ?? null;
    let cardNumber = '';
    let id: string | undefined;
    for (let draw = 0; draw < NUMBER_DRAWS && id === undefined; draw++) {
      cardNumber = drawCardNumberLike(template);
      id = await issueCardIfNumberFree(
        trx,
        deps.crypto,
        { brandId: brand.id, kind: 'giftcard', cardNumber, state: 'active', assetCode: brand.asset_code, expiresAt, securityCode, ...(recoveryCode && { recoveryCode }) },
        at,
      );
    }
    if (id === undefined) throw new Error(`no free card number after ${NUMBER_DRAWS} draws`);
    let loadEntryId: string | null = null;
    if (input.balance.value > 0) {
      loadEntryId = randomUUID();
      await insertApiLedgerEntry(
        trx,
        { id: loadEntryId, card_id: id, asset_code: brand.asset_code, amount: input.balance.value, kind: 'load', reference: `api:load:${loadEntryId}`, created_at: at },
        { api_key_id: caller.keyId, reference: null, redemption_id: null },
      );
    }
    await recordAuditEvent(trx, { type: 'card.issue', outcome: 'issued', brandId: brand.id, cardId: id, client: apiActor(caller), detail: `${input.balance.value} ${brand.asset_code}` }, at);
    const result: IssuedGiftCard = {
      id,
      brandId: brand.id,
      maskedNumber: maskCardNumber(cardNumber),
      cardNumber,
      securityCode,
      recoveryCode,
      balance: { value: input.balance.value, assetCode: brand.asset_code },
      expiresAt,
      loadEntryId,
      createdAt: at,
    };
    await recordWebhookEvent(
      trx,
      deps.crypto,
      { brandId: brand.id, type: 'card.issued', cardId: id, data: { card: { id, maskedNumber: result.maskedNumber, kind: 'giftcard' }, balance: result.balance, expiresAt, by: 'api' } },
      at,
    );
    await inTransaction?.(trx, result);
    return result;
  });
}
