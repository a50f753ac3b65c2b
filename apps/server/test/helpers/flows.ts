import { Writable } from 'node:stream';
import { stripCardNumber } from '@tessera/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { TEST_CAPTCHA_TOKEN } from '../../src/adapters/captcha/test.js';
import { PURPOSE } from '../../src/crypto/index.js';
import { cardNumberIndexes } from '../../src/cards/card-number-indexes.js';
import { findCardByNumberIndex } from '../../src/db/repositories/cards.js';
import { readNumberGuesses } from '../../src/db/repositories/number-guesses.js';
import { guessingStateOf } from '../../src/domain/guessing-policy.js';
import type { CardRow } from '../../src/db/schema.js';
import type { OutgoingMessage } from '../../src/delivery/message.js';
import { issueRecoveryCode } from '../../src/operator/issue-recovery-code.js';
import { demoCard } from './demo.js';
import { type TestApp, type TestAppOptions, useTestApp } from './test-app.js';

/** A refused call as its status and code, to compare with one toEqual. */
export const refusal = (res: LightMyRequestResponse) => ({ status: res.statusCode, code: res.json().code as string });

/**
 * A card's guessing counters as a test reads them (kept per number in number_guesses since
 * migration 015, docs/decisions/027): no row reads as 0 and no cool-down; `operator_locked` is
 * the count reaching the lock, 1 or 0.
 */
export interface CardCounters {
  failed_attempts: number;
  locked_until: string | null;
  operator_locked: 0 | 1;
}

/** The guessing counters of a card's number. */
export async function countersOf(t: Pick<TestApp, 'db' | 'deps'>, card: Pick<CardRow, 'number_ciphertext'>): Promise<CardCounters> {
  const state = guessingStateOf(await readNumberGuesses(t.db, cardNumberIndexes(t.deps.crypto, card)));
  return { failed_attempts: state.failedAttempts, locked_until: state.lockedUntil?.toISOString() ?? null, operator_locked: state.operatorLocked ? 1 : 0 };
}

/** Sets the guessing counters of a card's number, as wrong guesses would have left them. */
export async function setCounters(
  t: Pick<TestApp, 'db' | 'deps'>,
  card: Pick<CardRow, 'number_ciphertext'>,
  counters: { failed_attempts: number; locked_until?: string | null },
): Promise<void> {
  const [index] = cardNumberIndexes(t.deps.crypto, card);
  const row = { number_index: index, failed_attempts: counters.failed_attempts, locked_until: counters.locked_until ?? null, updated_at: new Date().toISOString() };
  await t.db
    .insertInto('number_guesses')
    .values(row)
    .onConflict((oc) => oc.column('number_index').doUpdateSet({ failed_attempts: row.failed_attempts, locked_until: row.locked_until, updated_at: row.updated_at }))
    .execute();
}

/** The card row of a demo card (by name) or of a card number, with its number's guessing counters. */
export async function cardRow(t: TestApp, nameOrNumber: string): Promise<CardRow & CardCounters> {
  const number = /\d/.test(nameOrNumber) ? nameOrNumber : demoCard(nameOrNumber).number;
  const card = await findCardByNumberIndex(t.db, t.deps.crypto.blindIndex.candidates(PURPOSE.cardNumber, stripCardNumber(number)));
  if (!card) throw new Error(`no card ${nameOrNumber}`);
  return { ...card, ...(await countersOf(t, card)) };
}

/** Gives a card a new recovery code, as the operator's CLI does, and answers it. */
export async function giveRecoveryCode(t: TestApp, name: string): Promise<string> {
  return (await issueRecoveryCode(t.deps, demoCard(name).number)).recoveryCode;
}

/**
 * A RESET body for a demo card: its number, the recovery code and a new code that passes
 * docs/product/common.md#passcodes.
 */
export function resetBody(name: string, overrides: Record<string, unknown> = {}) {
  return {
    cardNumber: demoCard(name).number,
    otcNumber: demoCard(name).recoveryCode ?? '000000',
    securityCode: 'k7P2q9',
    'g-recaptcha-response': TEST_CAPTCHA_TOKEN,
    ...overrides,
  };
}

/** A REPLACE body for a demo card. */
export function replaceBody(name: string, overrides: Record<string, unknown> = {}) {
  return {
    code: demoCard(name).number,
    email: 'kaarthouder@example.nl',
    securityCode: demoCard(name).securityCode,
    balances: [{ quantity: { value: demoCard(name).balance, assetCode: 'EUR' } }],
    ...overrides,
  };
}

/** Per-card sums of the whole ledger, and their total. */
export async function ledgerSums(t: TestApp): Promise<{ byCard: Map<string, number>; total: number; entries: number }> {
  const rows = await t.db.selectFrom('ledger_entries').select(['card_id', 'amount']).execute();
  const byCard = new Map<string, number>();
  for (const r of rows) byCard.set(r.card_id, (byCard.get(r.card_id) ?? 0) + Number(r.amount));
  return { byCard, total: rows.reduce((s, r) => s + Number(r.amount), 0), entries: rows.length };
}

/** The replacement e-mail queued for a replaced card, decrypted, with the new card's number and code read from its text. */
export async function replacementEmail(t: TestApp, oldCardId: string) {
  const rows = await t.db.selectFrom('outbox_messages').selectAll().where('dedupe_key', '=', `replacement-card:${oldCardId}`).execute();
  if (rows.length !== 1 || !rows[0]!.payload_ciphertext) throw new Error(`expected one queued e-mail for ${oldCardId}, found ${rows.length}`);
  const message = JSON.parse(t.deps.crypto.cipher.decrypt(rows[0]!.payload_ciphertext, PURPOSE.outboxMessage)) as OutgoingMessage;
  const number = /^[^:\n]+: ((?:\d{4} ){3,4}\d{1,4})$/m.exec(message.text)?.[1];
  const code = /^[^:\n]+: ([0-9A-Za-z]{6})$/m.exec(message.text)?.[1];
  if (!number || !code) throw new Error('the e-mail text holds no card number and code');
  return { row: rows[0]!, message, cardNumber: stripCardNumber(number), securityCode: code };
}

/** The audit events of one type (of one card, when given), oldest first. */
export function auditEventsOf(t: TestApp, type: string, cardId?: string) {
  let query = t.db.selectFrom('audit_events').selectAll().where('type', '=', type);
  if (cardId) query = query.where('card_id', '=', cardId);
  return query.orderBy('occurred_at').execute();
}

/**
 * Collects everything a logger writes. `strings()` is every string value of every line (keys
 * included), without spaces: where a number or secret could leak. Numeric fields (time,
 * responseTime) are left out, so a 6-digit code cannot "appear" in a timing by chance.
 * `requestUrls()` is the req.url of every line that logs a request, as logged.
 */
export function logSink(): { stream: Writable; text: () => string; strings: () => string; requestUrls: () => string[] } {
  let logged = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  const strings = () =>
    logged
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.stringify(JSON.parse(line), (_key, value: unknown) => (typeof value === 'number' ? undefined : value)))
      .join('\n')
      .replace(/\s/g, '');
  const requestUrls = () =>
    logged
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { req?: { url?: unknown } }).req?.url)
      .filter((url): url is string => typeof url === 'string');
  return { stream, text: () => logged, strings, requestUrls };
}

/**
 * The app a flow's test file shares, with its trace log kept for `expectNoSecretsInLogOrAudit`. A flow
 * file sends many requests from one address, so the per-address limit is set out of its way.
 */
export function useFlowTestApp(options: TestAppOptions = {}): { t: TestApp; log: ReturnType<typeof logSink> } {
  const log = logSink();
  const t = useTestApp({ ...options, env: { RATE_LIMIT_PER_MINUTE: '100000', ...options.env }, logTo: log.stream });
  return { t, log };
}

/** Takes out UUIDs and ISO times, where a short secret (a 4-digit PIN) may appear by chance. */
export const withoutIdsAndTimes = (text: string) =>
  text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '').replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, '');

/**
 * The check a flow file ends with: none of the secrets it sent or learned stands in the log (its
 * string values) or in an audit event. `scrub` first takes out what may hold one by chance.
 */
export async function expectNoSecretsInLogOrAudit(
  t: TestApp,
  log: ReturnType<typeof logSink>,
  secrets: Iterable<string>,
  scrub: (text: string) => string = (text) => text,
): Promise<void> {
  const logged = scrub(log.strings());
  const audit = scrub(JSON.stringify(await t.db.selectFrom('audit_events').selectAll().execute()));
  for (const secret of secrets) {
    expect(logged, secret).not.toContain(secret);
    expect(audit, secret).not.toContain(secret);
  }
}
