import { describe, expect, it } from 'vitest';
import { createCrypto } from '../src/crypto/index.js';
import { loadKeyring } from '../src/crypto/keyring.js';
import { seedDemoData } from '../src/demo/seed.js';
import { useTestApp } from './helpers/test-app.js';

const t = useTestApp({ now: () => new Date('2025-06-15T10:00:00Z') });

describe('demo data', () => {
  it('loads exactly the brands and cards of demo.md', async () => {
    const brands = await t.db.selectFrom('brands').select(['code', 'slug', 'payout_fee', 'replacement_minimum']).orderBy('code').execute();
    expect(brands).toEqual([
      { code: 'ACME', slug: 'acme', payout_fee: 250, replacement_minimum: 100 },
      { code: 'DEMO', slug: 'demo', payout_fee: 250, replacement_minimum: 100 },
    ]);
    const cards = await t.db.selectFrom('cards').select(['kind', 'state', 'number_last3', 'expires_at']).execute();
    expect(cards).toHaveLength(14);
    expect(cards.filter((c) => c.kind === 'visa').map((c) => c.state).sort()).toEqual(['active', 'inactive', 'inactive']);
    expect(cards.find((c) => c.number_last3 === '104')?.expires_at).toBe('2025-05-16');
    expect(cards.find((c) => c.number_last3 === '105')?.expires_at).toBe('2023-06-15');
    const total = await t.db.selectFrom('ledger_entries').select((eb) => eb.fn.sum<string | number>('amount').as('sum')).executeTakeFirstOrThrow();
    expect(Number(total.sum)).toBe(5000 + 7500 + 2500 + 2500 + 0 + 150 + 1000 + 1000 + 1200 + 3000 + 1800 + 4250 + 2000 + 3500);
    const recovery = await t.db.selectFrom('card_secrets').select('kind').where('kind', '=', 'recovery_code').execute();
    expect(recovery).toHaveLength(1);
  });

  it('does nothing on a database that already has brands', async () => {
    expect(await seedDemoData(t.db, createCrypto(loadKeyring(t.config)))).toBe(false);
    const count = await t.db.selectFrom('cards').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(14);
  });
});
