import { maskCardNumber } from '@tessera/contracts';
import type { Crypto } from '../crypto/index.js';
import type { Db } from '../db/database.js';
import { type AuditListing, findAuditEvent, listAuditEvents } from '../db/repositories/audit.js';
import { findBrandByCode, findBrandById } from '../db/repositories/brands.js';
import { replacementNeighboursOf } from '../db/repositories/card-replacements.js';
import { findBrandCardsByLast3, findCardByNumberIndex } from '../db/repositories/cards.js';
import { listLedgerEntriesOfCard, sumLedgerByAsset } from '../db/repositories/ledger.js';
import { listMessagesOfCard } from '../db/repositories/outbox.js';
import { readNumberGuesses } from '../db/repositories/number-guesses.js';
import { payoutsOfCard } from '../db/repositories/payouts.js';
import { guessingStateOf } from '../domain/guessing-policy.js';
import { type AssetBalance, balancesOf } from '../domain/ledger.js';
import { operatorCardNumber } from './operator-card.js';
import { OperatorError } from './operator-error.js';

export interface CardReport {
  masked: string;
  brand: string;
  kind: 'visa' | 'giftcard';
  state: string;
  expiresAt: string | null;
  createdAt: string;
  blocked: { at: string; reason: string | null } | null;
  balances: AssetBalance[];
  guessing: { failedAttempts: number; coolingDownUntil: string | null; operatorLocked: boolean };
  ledger: { at: string; kind: string; amount: number; assetCode: string; reference: string }[];
  replacedBy: string | null;
  replaces: string | null;
  payouts: { id: string; status: string; amount: number; fee: number; assetCode: string; ibanHint: string; at: string }[];
  registeredAt: string | null;
  paidOutAt: string | null;
  messages: { id: string; at: string; channel: string; purpose: string; status: string; recipientHint: string }[];
  /** Imported cards: the import's audit event (one per file), the file's name and the card's line in it. */
  imported: { eventId: string; at: string | null; by: string | null; source: string | null; line: number | null } | null;
  audit: (Omit<AuditListing, 'card_id' | 'card_last3'>)[];
}

const masked = (last3: string | null) => (last3 ? maskCardNumber(last3) : null);

/**
 * `tessera cards show NUMBER`: everything support needs about one card, in one read: where it
 * stands (state, block, guessing counters), its money (balances and every ledger entry), what
 * happened to it (replacements, payouts, registration, messages, the last 50 audit events). The
 * number is masked; no secret, name, IBAN or address is shown (payouts by their IBAN hint).
 */
export async function showCard(deps: { db: Db; crypto: Crypto; now: () => Date }, cardNumber: string): Promise<CardReport> {
  const { masked: number, indexes } = operatorCardNumber(deps.crypto, cardNumber);
  const card = await findCardByNumberIndex(deps.db, indexes);
  if (!card) throw new OperatorError(`No card with number ${number} exists.`);
  const db = deps.db;
  const [brand, sums, ledger, replacements, payouts, messages, audit, guesses] = await Promise.all([
    findBrandById(db, card.brand_id),
    sumLedgerByAsset(db, card.id),
    listLedgerEntriesOfCard(db, card.id),
    replacementNeighboursOf(db, card.id),
    payoutsOfCard(db, card.id),
    listMessagesOfCard(db, card.id),
    listAuditEvents(db, { card: { id: card.id, importEventId: card.import_event_id }, limit: 50 }),
    readNumberGuesses(db, indexes),
  ]);
  const guessing = guessingStateOf(guesses);
  const now = deps.now().getTime();
  return {
    masked: number,
    brand: brand?.code ?? '?',
    kind: card.kind,
    state: card.state,
    expiresAt: card.expires_at,
    createdAt: card.created_at,
    blocked: card.blocked_at ? { at: card.blocked_at, reason: card.block_reason } : null,
    balances: balancesOf(sums, card.asset_code),
    guessing: {
      failedAttempts: guessing.failedAttempts,
      coolingDownUntil: guesses?.locked_until && guessing.lockedUntil!.getTime() > now ? guesses.locked_until : null,
      operatorLocked: guessing.operatorLocked,
    },
    ledger: ledger.map((e) => ({ at: e.created_at, kind: e.kind, amount: Number(e.amount), assetCode: e.asset_code, reference: e.reference })),
    replacedBy: masked(replacements.replacedByLast3),
    replaces: masked(replacements.replacesLast3),
    payouts: payouts.map((p) => ({ id: p.id, status: p.status, amount: p.amount, fee: p.fee, assetCode: p.asset_code, ibanHint: p.iban_hint, at: p.created_at })),
    registeredAt: card.registered_at,
    paidOutAt: card.paid_out_at,
    messages: messages.map((m) => ({ id: m.id, at: m.created_at, channel: m.channel, purpose: m.purpose, status: m.status, recipientHint: m.recipient_hint })),
    imported: card.import_event_id ? await importOf(db, card.import_event_id, card.import_line) : null,
    audit: audit.map(({ card_id: _id, card_last3: _last3, ...event }) => event),
  };
}

/** The import a card came from, told by its `cards.import` event (decision 026). */
async function importOf(db: Db, eventId: string, line: number | null): Promise<NonNullable<CardReport['imported']>> {
  const event = await findAuditEvent(db, eventId);
  let source: string | null = null;
  try {
    const detail: unknown = JSON.parse(event?.detail ?? 'null');
    if (detail && typeof detail === 'object' && 'source' in detail && typeof detail.source === 'string') source = detail.source;
  } catch {
    // An event written by hand or by an older version: the source stays unknown.
  }
  return { eventId, at: event?.occurred_at ?? null, by: event?.client ?? null, source, line: line === null ? null : Number(line) };
}

export interface FoundCard {
  masked: string;
  kind: 'visa' | 'giftcard';
  state: string;
  blocked: boolean;
  balances: AssetBalance[];
  createdAt: string;
}

/**
 * `tessera cards find --brand CODE --last 101`: the cards of a brand whose number ends in these
 * digits (the masked number shows the last three), for a cardholder who cannot read out the
 * whole number. At most 50; the numbers stay masked.
 */
export async function findCards(deps: { db: Db }, brandCode: string, last3: string): Promise<FoundCard[]> {
  const brand = await findBrandByCode(deps.db, brandCode);
  if (!brand) throw new OperatorError(`There is no brand with code ${brandCode}.`, ['"tessera brands list" shows the brands']);
  const cards = await findBrandCardsByLast3(deps.db, brand.id, last3, 50);
  return Promise.all(
    cards.map(async (c) => ({
      masked: maskCardNumber(c.number_last3),
      kind: c.kind as 'visa' | 'giftcard',
      state: c.state,
      blocked: c.blocked_at !== null,
      balances: balancesOf(await sumLedgerByAsset(deps.db, c.id), c.asset_code),
      createdAt: c.created_at,
    })),
  );
}
