import { describe, expect, it } from 'vitest';
import { findBrandByCode } from '../src/db/repositories/brands.js';
import { FifoMutex } from '../src/db/sqlite-driver.js';
import { BrandCache } from '../src/customer-call/brand-cache.js';
import { demoCard, lookupBody } from './helpers/demo.js';
import { useTestApp } from './helpers/test-app.js';
import { countersOf } from './helpers/flows.js';

// The shortcuts of docs/decisions/004-performance.md keep the behaviour they replace.

const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });

const lookup = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/GiftCard/', headers: { 'x-flow-type': 'BALANCE' }, payload: body });

const auditOf = async (cardId: string) =>
  (
    await t.db
      .selectFrom('audit_events')
      .select(['outcome'])
      .where('card_id', '=', cardId)
      .where('type', '=', 'giftcard.lookup')
      .orderBy('occurred_at')
      .execute()
  ).map((r) => r.outcome);

describe('gift card lookup shortcuts', () => {
  it('audits every success, and a success after a wrong secret still resets the count', async () => {
    const cardNumber = demoCard('GIFT_BALANCE').number.replaceAll(' ', '');
    const card = await t.db.selectFrom('cards').selectAll().where('number_last3', '=', cardNumber.slice(-3)).executeTakeFirstOrThrow();
    const before = (await auditOf(card.id)).length;

    const answers = await Promise.all([lookup(lookupBody('GIFT_BALANCE')), lookup(lookupBody('GIFT_BALANCE'))]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await auditOf(card.id)).slice(before)).toEqual(['success', 'success']);

    expect((await lookup(lookupBody('GIFT_BALANCE', { pinCode: '000000' }))).statusCode).toBe(404);
    expect((await countersOf(t, card)).failed_attempts).toBe(1);

    expect((await lookup(lookupBody('GIFT_BALANCE'))).statusCode).toBe(200);
    expect((await countersOf(t, card)).failed_attempts).toBe(0);
    expect((await auditOf(card.id)).slice(before)).toEqual(['success', 'success', 'wrong_secret', 'success']);
  });

  it('audits refused captchas even when many arrive at once (group commit)', async () => {
    const demo = await findBrandByCode(t.db, 'DEMO');
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('audit_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('outcome', '=', 'captcha_invalid')
            .where('brand_id', '=', demo!.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => lookup(lookupBody('GIFT_BALANCE', { 'g-recaptcha-response': 'wrong' }))),
    );
    expect(new Set(answers.map((a) => a.json().code))).toEqual(new Set(['CAPTCHA_INVALID']));
    expect((await count()) - before).toBe(20);
  });
});

describe('brand cache', () => {
  it("answers each identifier with its own brand and shows another process's change after the TTL", async () => {
    let now = 0;
    const cache = new BrandCache(t.db, 2000, () => now);
    const demo = await cache.find('demo');
    const acme = await cache.find('ACME');
    expect(demo?.brand.code).toBe('DEMO');
    expect(acme?.brand.code).toBe('ACME');
    expect((await cache.find('DeMo'))?.brand.id).toBe(demo?.brand.id);
    expect(await cache.find('nobody')).toBeUndefined();

    // A change written straight to the database, as the CLI does from its own process.
    await t.db.updateTable('brands').set({ name: 'Renamed' }).where('id', '=', demo!.brand.id).execute();
    expect((await cache.find('demo'))?.brand.name).toBe('Tessera Demo');
    now += 2001;
    expect((await cache.find('demo'))?.brand.name).toBe('Renamed');
    await t.db.updateTable('brands').set({ name: 'Tessera Demo' }).where('id', '=', demo!.brand.id).execute();
  });
});

describe('FIFO connection lock', () => {
  it('hands the lock to waiters in arrival order', async () => {
    const mutex = new FifoMutex();
    const order: number[] = [];
    await mutex.lock();
    const waiters = [1, 2, 3].map((n) =>
      mutex.lock().then(() => {
        order.push(n);
        mutex.unlock();
      }),
    );
    mutex.unlock();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
  });
});
