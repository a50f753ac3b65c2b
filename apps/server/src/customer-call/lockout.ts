import type { Transaction } from 'kysely';
import { holderWasErased } from '../cards/issue-card.js';
import { readHolderData } from '../cards/visa-holder.js';
import { recordAuditEvent } from '../db/repositories/audit.js';
import { listBrandFlows } from '../db/repositories/brands.js';
import type { CardRow, Database } from '../db/schema.js';
import { enqueueMessage } from '../delivery/outbox.js';
import { composeCooldownSms } from '../delivery/sms/cooldown-notice.js';
import type { LockoutKind } from '../domain/guessing-policy.js';
import type { ServiceDeps } from '../deps.js';
import { flowLanguages } from './brand-gate.js';

/**
 * A card has just entered a cool-down or the operator lock: an audit event of its own
 * (`card.lockout`, outcome the kind), the lockout metric, and, when a Visa card enters a 24-hour
 * cool-down, an SMS to its holder, queued in the same transaction. Answers whether a message was
 * queued: the caller wakes the outbox once its transaction has committed.
 *
 * The SMS is in the first language of the brand's VISA flow (the holder chose none we know of).
 * The counter counts in this process when the transaction commits or not; refusals commit, so
 * only a failed commit would count a lockout that did not happen.
 */
export async function noteLockout(
  trx: Transaction<Database>,
  deps: Pick<ServiceDeps, 'crypto' | 'metrics'>,
  card: CardRow,
  lockout: { kind: LockoutKind; failedAttempts: number; flowType: string | null },
  at: string,
): Promise<{ messageQueued: boolean }> {
  await recordAuditEvent(
    trx,
    {
      type: 'card.lockout',
      outcome: lockout.kind,
      brandId: card.brand_id,
      cardId: card.id,
      flowType: lockout.flowType,
      client: null,
      detail: `after ${lockout.failedAttempts} consecutive wrong secrets`,
    },
    at,
  );
  deps.metrics.cardLockouts.inc({ kind: lockout.kind });
  if (lockout.kind !== 'cooldown_24h' || card.kind !== 'visa') return { messageQueued: false };

  const holder = await readHolderData(trx, deps.crypto, card.id);
  // Erased on request: there is no phone number to warn.
  if (holderWasErased(holder)) return { messageQueued: false };
  const culture = flowLanguages(await listBrandFlows(trx, card.brand_id), 'VISA')[0] ?? 'nl';
  const message = await composeCooldownSms(trx, { brandId: card.brand_id, culture, to: holder.phoneNumber, last3: card.number_last3 });
  const queued = await enqueueMessage(trx, deps.crypto, { message, purpose: 'card_cooldown', brandId: card.brand_id, cardId: card.id }, at);
  return { messageQueued: queued };
}

/**
 * A number that finds no accepted card has entered a cool-down or the lock (card-secret-check.ts
 * wrongNumber): audited (no card, so no SMS) and counted like a card's, so an operator sees a
 * guessing run whether or not the numbers exist.
 */
export async function noteNumberLockout(
  trx: Transaction<Database>,
  deps: Pick<ServiceDeps, 'metrics'>,
  lockout: { kind: LockoutKind; failedAttempts: number; flowType: string | null; brandId: string | null },
  at: string,
): Promise<void> {
  await recordAuditEvent(
    trx,
    {
      type: 'card.lockout',
      outcome: lockout.kind,
      brandId: lockout.brandId,
      cardId: null,
      flowType: lockout.flowType,
      client: null,
      detail: `a number without an accepted card, after ${lockout.failedAttempts} consecutive wrong secrets`,
    },
    at,
  );
  deps.metrics.cardLockouts.inc({ kind: lockout.kind });
}

