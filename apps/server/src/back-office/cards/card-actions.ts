import type { AdminCard, BlockReason } from '@tessera/contracts/admin';
import type { StaffActor } from '../../card-commands/actor.js';
import { blockLockedCard } from '../../card-commands/block-card.js';
import { CardCommandRefusal } from '../../card-commands/card-command-refusal.js';
import { type LockedCard, withLockedCard } from '../../card-commands/locked-card.js';
import { unblockLockedCard } from '../../card-commands/unblock-card.js';
import { unlockLockedCard } from '../../card-commands/unlock-guessing.js';
import { findStaffCardById } from '../../db/repositories/staff-cards.js';
import type { ServiceDeps } from '../../deps.js';
import { writeCardNote } from './card-notes.js';
import { cardPage } from './read-card.js';
import { scopeIncludes, staffCardNotFound, type StaffScope } from './staff-scope.js';

type Deps = Pick<ServiceDeps, 'db' | 'crypto' | 'now'>;

/**
 * A support action on a card (block, unblock, unlock guessing, resend a replacement e-mail) as the
 * back office asks for it: the card locked by its id, the card command run with the staff actor,
 * the note (when given) stored as a sealed card note, and the card page read back, all in one
 * transaction. The note is a card note rather than text in the audit event because it may name
 * the cardholder or what they said: notes are sealed under the data keys and show in the
 * timeline, while audit events are kept in the clear and can never be changed or erased.
 * A card outside the caller's brands is CARD_NOT_FOUND, as an unknown one, and nothing is written.
 */
export async function onStaffCard(
  deps: Deps,
  scope: StaffScope,
  actor: StaffActor,
  cardId: string,
  note: string | undefined,
  command: (locked: LockedCard) => Promise<unknown>,
): Promise<AdminCard> {
  try {
    return await withLockedCard(deps, cardId, async (locked) => {
      const before = await findStaffCardById(locked.trx, cardId);
      if (!before || !scopeIncludes(scope, before.brand_code)) throw staffCardNotFound();
      await command(locked);
      if (note !== undefined) await writeCardNote(locked.trx, deps.crypto, before, actor, note, locked.now.toISOString());
      const after = await findStaffCardById(locked.trx, cardId);
      return cardPage(locked.trx, deps.crypto, after!, locked.now);
    });
  } catch (error) {
    if (error instanceof CardCommandRefusal && error.code === 'CARD_NOT_FOUND') throw staffCardNotFound();
    throw error;
  }
}

/** POST /admin/api/cards/{id}/block: a block that is there already stays as it was (its first time and reason). */
export const blockCardForStaff = (deps: Deps, scope: StaffScope, actor: StaffActor, cardId: string, request: { reason: BlockReason; note?: string }) =>
  onStaffCard(deps, scope, actor, cardId, request.note, (locked) => blockLockedCard(deps, locked, request.reason, actor));

/** POST /admin/api/cards/{id}/unblock */
export const unblockCardForStaff = (deps: Deps, scope: StaffScope, actor: StaffActor, cardId: string, request: { note?: string }) =>
  onStaffCard(deps, scope, actor, cardId, request.note, (locked) => unblockLockedCard(deps, locked, actor));

/** POST /admin/api/cards/{id}/unlock: the guessing counters cleared (a block stays). */
export const unlockCardForStaff = (deps: Deps, scope: StaffScope, actor: StaffActor, cardId: string, request: { note?: string }) =>
  onStaffCard(deps, scope, actor, cardId, request.note, (locked) => unlockLockedCard(deps, locked, actor));
