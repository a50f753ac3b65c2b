import { Writable } from 'node:stream';
import { stripCardNumber } from '@tessera/contracts';
import { TEST_CAPTCHA_TOKEN } from '../../src/adapters/captcha/test.js';
import { PURPOSE } from '../../src/crypto/index.js';
import { findCardByNumberIndex } from '../../src/db/repositories/cards.js';
import type { CardRow } from '../../src/db/schema.js';
import type { OutgoingMessage } from '../../src/delivery/message.js';
import { issueRecoveryCode } from '../../src/operator/issue-recovery-code.js';
import { demoCard } from './demo.js';
import type { TestApp } from './test-app.js';

/** The card row of a demo card (by name) or of a card number. */
export async function cardRow(t: TestApp, nameOrNumber: string): Promise<CardRow> {
  const number = /\d/.test(nameOrNumber) ? nameOrNumber : demoCard(nameOrNumber).number;
  const card = await findCardByNumberIndex(t.db, t.deps.crypto.blindIndex.of(PURPOSE.cardNumber, stripCardNumber(number)));
  if (!card) throw new Error(`no card ${nameOrNumber}`);
  return card;
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

/**
 * Collects everything a logger writes. `strings()` is every string value of every line (keys
 * included), without spaces: where a number or secret could leak. Numeric fields (time,
 * responseTime) are left out, so a 6-digit code cannot "appear" in a timing by chance.
 */
export function logSink(): { stream: Writable; text: () => string; strings: () => string } {
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
  return { stream, text: () => logged, strings };
}
