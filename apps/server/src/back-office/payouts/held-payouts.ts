import { maskCardNumber } from '@tessera/contracts';
import type { HeldPayout, PayoutReviewRule } from '@tessera/contracts/admin';
import { PURPOSE } from '../../crypto/index.js';
import { listHeldPayouts, relatedCards } from '../../db/repositories/payout-review.js';
import type { ServiceDeps } from '../../deps.js';
import { scopeIncludes, type StaffScope } from '../cards/staff-scope.js';

type Deps = Pick<ServiceDeps, 'db' | 'crypto'>;

/** The subject hashes to look for: the stored one and, during an index key rotation, the same identity under the other key. */
async function subjectsOf(deps: Deps, identitySessionId: string | null): Promise<string[] | null> {
  if (identitySessionId === null) return null;
  const session = await deps.db.selectFrom('identity_sessions').select(['subject_hash', 'identity_ciphertext']).where('id', '=', identitySessionId).executeTakeFirst();
  if (!session?.subject_hash) return null;
  if (deps.crypto.blindIndex.previousVersion === undefined || !session.identity_ciphertext) return [session.subject_hash];
  const identity = JSON.parse(deps.crypto.cipher.decrypt(session.identity_ciphertext, PURPOSE.identity)) as { issuer: string; subject: string };
  return [...new Set([session.subject_hash, ...deps.crypto.blindIndex.candidates(PURPOSE.identitySubject, `${identity.issuer} ${identity.subject}`)])];
}

/**
 * GET /admin/api/payouts?status=held: the held payouts of the caller's brands, oldest first, each
 * with the rules it hit and the other cards paid to its IBAN or by its bank-verified identity
 * (found by blind index: no IBAN is decrypted). Cards of brands outside the caller's grants are
 * only counted (`elsewhere`), never named.
 */
export async function listHeldPayoutsForStaff(deps: Deps, scope: StaffScope): Promise<{ items: HeldPayout[] }> {
  const rows = await listHeldPayouts(deps.db, scope.brands);
  const items: HeldPayout[] = [];
  for (const row of rows) {
    const related = await relatedCards(deps.db, row, await subjectsOf(deps, row.identity_session_id));
    let elsewhere = 0;
    const visible = (cards: typeof related.byIban) => {
      const shown = [];
      for (const card of cards) {
        if (scopeIncludes(scope, card.brand_code)) shown.push({ id: card.id, brand: card.brand_code, masked: maskCardNumber(card.number_last3) });
        else elsewhere += 1;
      }
      return shown;
    };
    const sameIban = visible(related.byIban);
    const sameIdentity = visible(related.byIdentity);
    items.push({
      id: row.id,
      cardId: row.card_id,
      masked: maskCardNumber(row.number_last3),
      brand: row.brand_code,
      amount: { value: Number(row.amount), assetCode: row.asset_code },
      fee: { value: Number(row.fee), assetCode: row.asset_code },
      ibanHint: row.iban_hint,
      createdAt: row.created_at,
      status: 'held',
      rules: row.rules === null ? [] : (JSON.parse(row.rules) as PayoutReviewRule[]),
      related: { sameIban, sameIdentity, elsewhere },
    });
  }
  return { items };
}
