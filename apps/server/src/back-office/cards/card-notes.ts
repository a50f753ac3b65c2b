import type { Note } from '@tessera/contracts/admin';
import { noteRequestSchema } from '@tessera/contracts/admin';
import { PURPOSE } from '../../crypto/index.js';
import { insertCardNote } from '../../db/repositories/card-timeline.js';
import { findStaffCardById } from '../../db/repositories/staff-cards.js';
import type { Executor } from '../../db/repositories/executor.js';
import type { CardRow } from '../../db/schema.js';
import { timeOrderedId } from '../../db/time-ordered-id.js';
import type { ServiceDeps } from '../../deps.js';
import { recordStaffEvent } from '../audit/record-staff-event.js';
import type { StaffActor } from '../../card-commands/actor.js';
import { scopeIncludes, staffCardNotFound, type StaffScope } from './staff-scope.js';

/**
 * POST /admin/api/cards/{id}/notes: a staff member's note on a card, sealed under the data keys
 * (a note may name the cardholder or what they said: personal data, like the holder's record),
 * with a `card.note` audit event in the same transaction. The event names the note, never its
 * text. The note shows in the card's timeline by its author's e-mail.
 */
export async function addCardNote(
  deps: Pick<ServiceDeps, 'db' | 'crypto' | 'now'>,
  scope: StaffScope,
  actor: StaffActor,
  cardId: string,
  text: string,
): Promise<Note> {
  const { text: clean } = noteRequestSchema.parse({ text });
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const card = await findStaffCardById(trx, cardId);
    if (!card || !scopeIncludes(scope, card.brand_code)) throw staffCardNotFound();
    return writeCardNote(trx, deps.crypto, card, actor, clean, at);
  });
}

/** Seals and stores a note on a card the caller may see (the caller checked), with its `card.note` audit event, in the caller's transaction. */
export async function writeCardNote(
  trx: Executor,
  crypto: ServiceDeps['crypto'],
  card: Pick<CardRow, 'id' | 'brand_id'>,
  actor: StaffActor,
  text: string,
  at: string,
): Promise<Note> {
  const by = actor.email.toLowerCase();
  const id = timeOrderedId();
  await insertCardNote(trx, { id, card_id: card.id, brand_id: card.brand_id, text_ciphertext: crypto.cipher.encrypt(text, PURPOSE.cardNote), author: by, created_at: at });
  await recordStaffEvent(trx, actor, { type: 'card.note', outcome: 'added', brandId: card.brand_id, cardId: card.id, detail: `note ${id}` }, at);
  return { id, cardId: card.id, text, by, at };
}
