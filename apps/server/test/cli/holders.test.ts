import { visaApi } from '@tessera/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { issueCard } from '../../src/cards/issue-card.js';
import { findBrandByCode } from '../../src/db/repositories/brands.js';
import { SEALED_COLUMNS } from '../../src/db/repositories/sealed-columns.js';
import { captcha } from '../helpers/visa.js';
import { useCliTest } from './support.js';

const c = useCliTest();

const NUMBER = '4000555500000000019';
const HOLDER = {
  holderName: 'Erasmus Deletia',
  phoneNumber: '+31687650019',
  email: 'erasmus.deletia@example.nl',
  address: { addressLine1: 'Wisstraat 99', city: 'Vergeten', postalCode: '9999 ZZ' },
  dateOfBirth: '1970-01-02',
  countryOfBirth: 'NL',
  nationality: 'NL',
};
const PERSONAL = ['Erasmus', 'Deletia', '687650019', 'erasmus.deletia', 'Wisstraat', 'Vergeten', '1970-01-02'];

const requestCode = () =>
  c.t.app.inject({ method: 'POST', url: visaApi.requestActivationCode.build({ themeCode: 'demo' }), headers: { 'x-flow-type': 'VISA' }, payload: { cardNumber: NUMBER, 'g-recaptcha-response': captcha, culture: 'nl' } });

/** Every ciphertext in the database, decrypted (what a stolen database plus the keys would reveal). */
async function everythingDecrypted(): Promise<string[]> {
  const out: string[] = [];
  for (const col of SEALED_COLUMNS) {
    const { rows } = await sql<{ sealed: string | null }>`select ${sql.ref(col.column)} as sealed from ${sql.table(col.table)}`.execute(c.t.db);
    for (const { sealed } of rows) {
      if (!sealed) continue;
      out.push(col.keyring === 'pin' ? '(pin)' : c.t.deps.crypto.cipher.decrypt(sealed, col.purpose));
    }
  }
  return out;
}

describe('tessera holders export and erase', () => {
  it('exports everything held about a holder, then erases it so no table holds it, once', async () => {
    const brand = (await findBrandByCode(c.t.db, 'DEMO'))!;
    await issueCard(c.t.db, c.t.deps.crypto, { brandId: brand.id, kind: 'visa', cardNumber: NUMBER, state: 'inactive', assetCode: 'EUR', expiresAt: null, visa: { holder: HOLDER, pin: '4321' }, load: { amount: 5000, reference: 'holders-test-load' } }, new Date().toISOString());
    expect((await requestCode()).statusCode).toBe(200);

    const exported = await c.cli('holders', 'export', NUMBER, '--by', 'privacy.officer');
    expect(exported.code).toBe(0);
    const data = JSON.parse(exported.stdout) as { holder: typeof HOLDER; pinHeld: boolean; card: { masked: string; balances: unknown; messages: unknown[] } };
    expect(data.holder).toEqual(HOLDER);
    expect(data.pinHeld).toBe(true);
    expect(exported.stdout).not.toContain('4321');
    expect(data.card.masked).toBe('XXXXXXXXXXXXXXXX019');
    expect(data.card.balances).toEqual([{ assetCode: 'EUR', balance: 5000 }]);
    expect(data.card.messages).toHaveLength(1);
    expect((await everythingDecrypted()).some((text) => text.includes('Deletia'))).toBe(true);

    const erased = await c.cli('holders', 'erase', NUMBER, '--by', 'privacy.officer');
    expect(erased.stderr).toBe('');
    expect(erased.stdout).toBe('Erased the holder data of XXXXXXXXXXXXXXXX019 and 1 queued message.');
    const remaining = await everythingDecrypted();
    for (const value of PERSONAL) expect(remaining.filter((text) => text.includes(value)), value).toEqual([]);
    // Nor in plain columns: audit details, error reports, outbox metadata.
    const plain = JSON.stringify([
      await c.t.db.selectFrom('audit_events').selectAll().execute(),
      await c.t.db.selectFrom('outbox_messages').select(['recipient_hint', 'last_error']).execute(),
    ]);
    for (const value of PERSONAL) expect(plain.includes(value), value).toBe(false);
    // The books stay: the card, its balance, its ledger.
    const ledger = await c.t.db.selectFrom('ledger_entries').select('amount').where('reference', '=', 'holders-test-load').execute();
    expect(ledger.map((e) => Number(e.amount))).toEqual([5000]);

    // No code can be sent any more: the answer of a number that is not a card's.
    const after = await requestCode();
    const unknown = await c.t.app.inject({ method: 'POST', url: visaApi.requestActivationCode.build({ themeCode: 'demo' }), headers: { 'x-flow-type': 'VISA' }, payload: { cardNumber: '4000999999999999991', 'g-recaptcha-response': captcha, culture: 'nl' } });
    expect(`${after.statusCode} ${after.json().code}`).toBe(`${unknown.statusCode} ${unknown.json().code}`);

    const again = await c.cli('holders', 'erase', NUMBER);
    expect(again.stdout).toContain('was erased before');
    const later = JSON.parse((await c.cli('holders', 'export', NUMBER)).stdout) as { holder: unknown; erasedAt: string };
    expect(later.holder).toBeNull();
    expect(later.erasedAt).toMatch(/^\d{4}-/);
    const audit = await c.t.db.selectFrom('audit_events').select(['type', 'client']).where('type', 'in', ['holder.export', 'holder.erase']).orderBy('occurred_at').execute();
    expect(audit.map((a) => a.type)).toEqual(['holder.export', 'holder.erase', 'holder.export']);
    expect(audit[1]!.client).toBe('operator:privacy.officer');
  });

  it('refuses a gift card and an unknown number', async () => {
    const gift = await c.cli('holders', 'erase', '6064 0000 0000 0000 101');
    expect(gift.code).toBe(1);
    expect(gift.stderr).toContain('is a gift card');
    expect((await c.cli('holders', 'export', '4000 9999 9999 9999 991')).code).toBe(1);
    expect((await c.cli('holders', 'export')).code).toBe(2);
  });
});
