import type { Transaction } from 'kysely';
import { cardNumberIndexes } from '../cards/card-number-indexes.js';
import type { VerifiedWrite } from '../customer-call/card-secret-check.js';
import { recordAuditEvent, type AuditEvent } from '../db/repositories/audit.js';
import { findCurrentSecret } from '../db/repositories/card-secrets.js';
import { findCardById } from '../db/repositories/cards.js';
import { readNumberGuesses } from '../db/repositories/number-guesses.js';
import type { CardRow, Database, IdentitySessionRow } from '../db/schema.js';
import type { ServiceDeps } from '../deps.js';
import { guessingStateOf } from '../domain/guessing-policy.js';

export type BoundCardRefusal = { ok: false; code: 'CARD_NOT_FOUND' | 'TOO_MANY_REQUESTS' | 'IDENTITY_SESSION_INVALID' };
export type BoundCardResult<W> = { ok: true; card: CardRow; value: W } | BoundCardRefusal;

/**
 * The customer call's card when the session call bound it (docs/decisions/014, 2026-11-26): the
 * counterpart of checkCardSecretAndWrite for a call that sends only the sessionId. The security
 * code was proven at the session call, under the guessing limits, at most 10 minutes ago; no
 * secret is tested here, so no guess is counted and a cool-down (somebody else's wrong guesses
 * since) does not stand in the way. In one transaction, the card row locked on PostgreSQL:
 * - the bound card must still qualify (`accepts`: brand, an active gift card; a card replaced or
 *   blocked since is 404 CARD_NOT_FOUND, as the spec's fields would find it);
 * - a card locked for the operator (GUESSING_LOCK_AFTER wrong secrets in a row, until `cards
 *   unlock`) is 400 TOO_MANY_REQUESTS, as any secret check answers it;
 * - the security code that backed the binding must still be the card's current one: a code
 *   changed since (RESET) ends the binding, 400 IDENTITY_SESSION_INVALID;
 * then the caller's write, and one audit event with its outcome. Refusals are audited too.
 */
export async function withBoundCard<W>(
  deps: ServiceDeps,
  input: {
    session: IdentitySessionRow;
    accepts: (card: CardRow) => boolean;
    audit: Omit<AuditEvent, 'cardId' | 'outcome'>;
    write: (trx: Transaction<Database>, verified: { card: CardRow; now: Date }) => Promise<VerifiedWrite<W>>;
  },
): Promise<BoundCardResult<W>> {
  const { session } = input;
  const cardId = session.bound_card_id;
  if (cardId === null) throw new Error(`identity session ${session.id} has no bound card`);
  const ref = `session ${session.id}`;
  return deps.db.transaction().execute(async (trx): Promise<BoundCardResult<W>> => {
    const now = deps.now();
    const at = now.toISOString();
    const audit = (outcome: string, detail: string | null) => recordAuditEvent(trx, { ...input.audit, outcome, cardId, detail }, at);

    const card = await findCardById(trx, cardId, { forUpdate: true });
    if (!card || !input.accepts(card)) {
      await audit('card_unusable', `${ref}: the bound card no longer qualifies`);
      return { ok: false, code: 'CARD_NOT_FOUND' };
    }
    if (guessingStateOf(await readNumberGuesses(trx, cardNumberIndexes(deps.crypto, card))).operatorLocked) {
      await audit('refused_locked', ref);
      return { ok: false, code: 'TOO_MANY_REQUESTS' };
    }
    const current = await findCurrentSecret(trx, card.id, 'security_code', at);
    if (!current || current.id !== session.bound_secret_id) {
      await audit('session_invalid', `${ref}: the security code changed since the session call`);
      return { ok: false, code: 'IDENTITY_SESSION_INVALID' };
    }
    const written = await input.write(trx, { card, now });
    if (!written.audited) await audit(written.outcome ?? 'success', written.detail ?? null);
    return { ok: true, card, value: written.value };
  });
}
