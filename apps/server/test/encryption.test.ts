import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PURPOSE } from '../src/crypto/index.js';
import { DEMO_CARDS } from '../src/demo/cards.js';
import { testPostgresUrl, useTestApp } from './helpers/test-app.js';

const t = useTestApp();

/** Every plain value that must never be stored: numbers (with and without spaces), secrets, PINs, phones. */
const forbidden = DEMO_CARDS.flatMap((c) => [
  c.number,
  c.number.replaceAll(' ', ''),
  ...(c.securityCode ? [c.securityCode] : []),
  ...(c.passcode ? [c.passcode] : []),
  ...(c.recoveryCode ? [c.recoveryCode] : []),
  ...(c.visa ? [c.visa.holder.phoneNumber, c.visa.holder.holderName] : []),
]);

async function allRowsAsText(): Promise<string> {
  const tables = ['brands', 'brand_flows', 'brand_translations', 'cards', 'card_secrets', 'visa_holders', 'ledger_entries', 'audit_events', 'error_reports', 'spent_captcha_tokens'] as const;
  let text = '';
  for (const table of tables) {
    const rows = await t.db.selectFrom(table).selectAll().execute();
    text += JSON.stringify(rows);
  }
  return text;
}

describe('encryption at rest', () => {
  it('runs on the database the environment names', () => {
    expect(t.database.dialect).toBe(testPostgresUrl() ? 'postgres' : 'sqlite');
  });

  it('stores no card number, secret, PIN or holder data in plain text in any row', async () => {
    // Lookups first, so audit events exist too.
    await t.app.inject({
      method: 'POST',
      url: '/api/GiftCard/',
      headers: { 'x-flow-type': 'BALANCE' },
      payload: { code: 'DEMO', giftCardNumber: '6064 0000 0000 0000 101', pinCode: '482913', 'g-recaptcha-response': 'test-pass' },
    });
    const text = await allRowsAsText();
    for (const value of forbidden) expect(text, value).not.toContain(value);
    // The PINs are four digits; check them where they would sit: the holder rows.
    const holders = JSON.stringify(await t.db.selectFrom('visa_holders').selectAll().execute());
    for (const c of DEMO_CARDS) if (c.visa) expect(holders).not.toContain(`"${c.visa.pin}"`);
  });

  it('stores no plain value in the SQLite files either', async () => {
    if (t.database.dialect !== 'sqlite') return;
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(t.db);
    const dir = path.dirname(t.database.file);
    const bytes = readdirSync(dir)
      .filter((f) => f.startsWith('tessera.db'))
      .map((f) => readFileSync(path.join(dir, f)).toString('latin1'))
      .join('');
    expect(bytes.length).toBeGreaterThan(0);
    for (const value of forbidden) expect(bytes.includes(value), value).toBe(false);
  });

  it('keeps what the server needs readable with the keys', async () => {
    const card = await t.db.selectFrom('cards').selectAll().where('number_last3', '=', '010').executeTakeFirstOrThrow();
    expect(t.deps.crypto.cipher.decrypt(card.number_ciphertext, PURPOSE.cardNumber)).toBe('4000000000000000010');
    expect(card.number_ciphertext).toMatch(/^v1\./);
    const holder = await t.db.selectFrom('visa_holders').selectAll().where('card_id', '=', card.id).executeTakeFirstOrThrow();
    expect(JSON.parse(t.deps.crypto.cipher.decrypt(holder.holder_ciphertext, PURPOSE.visaHolder))).toMatchObject({
      holderName: 'M. Bakker',
      phoneNumber: '+31612345610',
    });
    // The PIN under PIN_KEYS ("p…"), which the data key does not open.
    expect(holder.pin_ciphertext).toMatch(/^p1\./);
    expect(t.deps.crypto.pins.open(holder.pin_ciphertext!)).toBe('2468');
    expect(() => t.deps.crypto.cipher.decrypt(holder.pin_ciphertext!, PURPOSE.visaPin)).toThrow();
    const secret = await t.db.selectFrom('card_secrets').selectAll().where('card_id', '=', card.id).executeTakeFirstOrThrow();
    expect(secret.kind).toBe('passcode');
    expect(t.deps.crypto.secrets.verify({ hash: secret.hash, pepperVersion: secret.pepper_version }, card.id, 'passcode', 'Tq8m3x')).toBe(true);
  });
});
