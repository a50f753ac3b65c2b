import { TIMELINE_PAGE_SIZE, type TimelineEntry, type TimelinePage } from '@tessera/contracts/admin';
import { PURPOSE } from '../../crypto/index.js';
import {
  auditEventsOfCard,
  ledgerEntriesOfCard,
  messagesOfCard,
  notesOfCard,
  payoutsOfCardPage,
  registrationOfCard,
} from '../../db/repositories/card-timeline.js';
import type { Executor } from '../../db/repositories/executor.js';
import { apiKeyNames, findStaffCardById } from '../../db/repositories/staff-cards.js';
import type { ServiceDeps } from '../../deps.js';
import { apiKeyIdOf, eventActor } from '../../domain/staff-actor.js';
import { boundFor, decodeCursor, encodeCursor, mergePage, type TimelinePosition, type TimelineSource } from '../../domain/timeline-page.js';
import { AUDIT_TYPES_OFF_TIMELINE, auditText, ledgerText, messageText, noteText, payoutText, registrationText } from '../../domain/timeline-text.js';
import { AppError } from '../../errors.js';
import { scopeIncludes, staffCardNotFound, type StaffScope } from './staff-scope.js';

type Positioned = TimelinePosition & { entry: TimelineEntry };

/**
 * GET the next page of a card's timeline: newest first, TIMELINE_PAGE_SIZE entries, `nextCursor`
 * null on the last page. A card outside the caller's brands is CARD_NOT_FOUND, as an unknown
 * one; a cursor this server did not make is VALIDATION_ERROR.
 */
export async function readCardTimeline(
  deps: Pick<ServiceDeps, 'db' | 'crypto'>,
  scope: StaffScope,
  cardId: string,
  cursor?: string,
): Promise<TimelinePage> {
  const card = await findStaffCardById(deps.db, cardId);
  if (!card || !scopeIncludes(scope, card.brand_code)) throw staffCardNotFound();
  return timelinePage(deps.db, deps.crypto, cardId, cursor);
}

/**
 * One page of a card's timeline, whoever may see it (the caller checked): each source read from
 * the cursor on, at most a page and one more row, then merged (domain/timeline-page.ts).
 */
export async function timelinePage(db: Executor, crypto: Pick<ServiceDeps['crypto'], 'cipher'>, cardId: string, cursor?: string): Promise<TimelinePage> {
  let from: TimelinePosition | undefined;
  if (cursor !== undefined) {
    from = decodeCursor(cursor);
    if (!from) throw new AppError('VALIDATION_ERROR', 'The cursor is not valid.');
  }
  const bound = (source: TimelineSource) => (from ? boundFor(source, from) : undefined);
  const limit = TIMELINE_PAGE_SIZE + 1;
  const reads = [
    () => ledgerEntriesOfCard(db, cardId, bound('ledger'), limit),
    () => auditEventsOfCard(db, cardId, AUDIT_TYPES_OFF_TIMELINE, bound('audit'), limit),
    () => messagesOfCard(db, cardId, bound('message'), limit),
    () => payoutsOfCardPage(db, cardId, bound('payout'), limit),
    () => registrationOfCard(db, cardId, bound('registration')),
    () => notesOfCard(db, cardId, bound('note'), limit),
  ] as const;
  // Outside a transaction the sources are read at once on the pool's connections; a transaction
  // (the card page reads in one) has one connection, so there they are read one after another.
  const [ledger, audit, messages, payouts, registration, notes] = db.isTransaction
    ? [await reads[0](), await reads[1](), await reads[2](), await reads[3](), await reads[4](), await reads[5]()]
    : await Promise.all([reads[0](), reads[1](), reads[2](), reads[3](), reads[4](), reads[5]()]);

  const keyIds = [...new Set(audit.map((e) => apiKeyIdOf(e)).filter((id): id is string => id !== null))];
  const names = await apiKeyNames(db, keyIds);

  const sources: Positioned[][] = [
    ledger.map((l) => ({
      at: l.at,
      source: 'ledger',
      id: l.id,
      entry: {
        at: l.at,
        kind: 'ledger',
        ...ledgerText(l.kind),
        by: l.api_key_name ? `api:${l.api_key_name}` : 'system',
        amount: { value: Number(l.amount), assetCode: l.asset_code },
      },
    })),
    audit.map((e) => {
      const { by, staff } = eventActor(e, (id) => names.get(id));
      return { at: e.at, source: 'audit', id: e.id, entry: { at: e.at, ...auditText({ ...e, byStaff: staff }), by } };
    }),
    messages.map((m) => ({
      at: m.at,
      source: 'message',
      id: m.id,
      entry: { at: m.at, kind: 'message', ...messageText({ ...m, recipientHint: m.recipient_hint }), by: 'system' },
    })),
    payouts.map((p) => ({
      at: p.at,
      source: 'payout',
      id: p.id,
      entry: {
        at: p.at,
        kind: 'payout',
        ...payoutText({ amount: Number(p.amount), fee: Number(p.fee), assetCode: p.asset_code, ibanHint: p.iban_hint, status: p.status }),
        by: 'cardholder',
      },
    })),
    registration.map((r) => ({ at: r.at, source: 'registration', id: r.id, entry: { at: r.at, kind: 'registration', ...registrationText(), by: 'cardholder' } })),
    notes.map((n) => ({
      at: n.at,
      source: 'note',
      id: n.id,
      entry: { at: n.at, kind: 'note', ...noteText(crypto.cipher.decrypt(n.text_ciphertext, PURPOSE.cardNote)), by: n.author },
    })),
  ];
  const { items, more } = mergePage(sources, TIMELINE_PAGE_SIZE);
  const last = items.at(-1);
  return { items: items.map((i) => i.entry), nextCursor: more && last ? encodeCursor(last) : null };
}
