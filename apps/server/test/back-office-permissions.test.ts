import { brandsFor, grantAllows, type StaffAction, type StaffGrant } from '@tessera/contracts/admin';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { HousekeepingSweeper } from '../src/app/housekeeping.js';
import { insertAdjustmentProposal } from '../src/db/repositories/adjustment-proposals.js';
import { timeOrderedId } from '../src/db/time-ordered-id.js';
import { setSessionCookie } from '../src/back-office/session-cookie.js';
import type { DeclaredAdminRoute } from '../src/back-office/index.js';
import { recordAuditEvent } from '../src/db/repositories/audit.js';
import { recordPayout } from '../src/flows/payout/record-payout.js';
import { exportPayoutBatch } from '../src/payout-batches/export-batch.js';
import { memoryTarget } from '../src/payout-batches/payout-file.js';
import { cardRow } from './helpers/flows.js';
import { issueTestGiftCard } from './helpers/identity.js';
import { ingIban, recordTestPayout } from './helpers/payout-review.js';
import { staffCookie } from './helpers/staff.js';
import { useTestApp } from './helpers/test-app.js';

// The permission guard every /admin/api/ route declares its action and brand for
// (back-office/admin-route.ts), with sessions made directly for the demo staff.

const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
const ORIGIN = 'http://localhost:8080';

const call = async (email: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie: await staffCookie(t, email), ...(method === 'POST' && { origin: ORIGIN }) }, ...(payload !== undefined && { payload }) });

/** Fastify's route table (printRoutes without common prefixes) as method and URL pairs. */
function routeTable(): { method: string; url: string }[] {
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack[depth] = match[2]!;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url: stack.join('') });
  }
  return routes;
}

describe('every /admin/api/ route', () => {
  it('is declared with its action and brand: the route table has none without a declaration', () => {
    const api = routeTable().filter((r) => r.url.startsWith('/admin/api/') && r.method !== 'HEAD');
    expect(api.length).toBeGreaterThanOrEqual(5);
    const declared = new Set(t.adminRoutes.map((r) => `${r.method} ${r.url}`));
    expect(api.filter((r) => !declared.has(`${r.method} ${r.url}`))).toEqual([]);
    expect(t.adminRoutes).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/admin/api/me', action: 'cards.read', brand: 'none' },
        { method: 'POST', url: '/admin/api/staff/grants', action: 'staff.manage', brand: 'none' },
      ]),
    );
  });

  it('answers 401 UNAUTHORIZED without a session', async () => {
    for (const route of t.adminRoutes) {
      const res = await t.app.inject({ method: route.method as 'GET', url: route.url, headers: { origin: ORIGIN }, ...(route.method === 'POST' && { payload: {} }) });
      expect([res.statusCode, res.json().code], `${route.method} ${route.url}`).toEqual([401, 'UNAUTHORIZED']);
    }
  });
});

const DEMO_STAFF = ['admin@tessera.test', 'support@demo.test', 'finance@demo.test', 'approver@demo.test', 'brand@demo.test', 'support@acme.test'];
const MATRIX_CARDS = ['GIFT_BALANCE', 'GIFT_ACME'];

/**
 * What the design's table says a person may get from a route on a card of `brand`, by the
 * contracts' grantAllows and the route's declaration: 403 for an action the role allows on no
 * brand (as for any card, known or not), 404 for a card of a brand outside every grant (as an
 * unknown card), 403 for a role that lacks the action on that brand, else through the guard.
 */
function expectedStatus(route: DeclaredAdminRoute, grants: readonly StaffGrant[], brand: string): 'allowed' | 403 | 404 {
  const anywhere = brandsFor(grants, route.action);
  if (anywhere !== 'all' && anywhere.length === 0) return 403;
  if (route.brand === 'none') return 'allowed';
  if (!KNOWN_SOURCES.includes(route.brand)) throw new Error(`the matrix does not know the brand source ${route.brand} of ${route.url}`);
  if (!grants.some((g) => g.brand === null || g.brand.toUpperCase() === brand)) return 404;
  return grants.some((g) => grantAllows(g, route.action as StaffAction, brand)) ? 'allowed' : 403;
}

/**
 * The brand sources the matrix knows: a card's, an adjustment's (of the card's brand), the query's
 * or the body's brand, a payout batch's and a payout's (of the card's brand).
 */
const KNOWN_SOURCES = ['card:id', 'adjustment:id', 'query.brand', 'body.brand', 'payout-batch:id', 'payout:id', 'path:code'];

/**
 * Through the guard: a 2xx, or the one refusal a route may give after it on these cards (neither
 * was ever replaced, so resending a replacement e-mail is 409 NO_REPLACEMENT; the brand's payouts
 * were exported before, so an export has none, and a payout settled by an earlier call cannot take
 * every settlement after it; a held payout that an earlier call released answers the next
 * decision 409 ALREADY_DECIDED).
 */
const AFTER_THE_GUARD = ['NO_REPLACEMENT', 'NO_PENDING_PAYOUTS', 'PAYOUT_STATUS_CONFLICT', 'ALREADY_DECIDED', 'NOTHING_TO_PUBLISH'];
const passedTheGuard = (res: LightMyRequestResponse) => (res.statusCode >= 200 && res.statusCode < 300) || (res.statusCode === 409 && AFTER_THE_GUARD.includes(res.json().code));

/** A payout of the brand's matrix card, exported into a batch of that brand: what the payout routes act on. */
const payoutsOfBrand = new Map<string, Promise<{ payout: string; batch: string }>>();
function payoutOf(brand: string, cardName: string) {
  if (!payoutsOfBrand.has(brand)) {
    payoutsOfBrand.set(
      brand,
      (async () => {
        const card = await cardRow(t, cardName);
        const recorded = await t.db.transaction().execute((trx) => recordPayout(trx, t.deps, { cardId: card.id, verifiedName: 'Matrix Holder', iban: 'NL69INGB0123456789' }, new Date()));
        if (recorded.kind !== 'recorded') throw new Error(`no payout of ${cardName}: ${recorded.kind}`);
        const exported = await exportPayoutBatch({ ...t.deps, debtor: t.config.payoutDebtor! }, { format: 'pain.001.001.09', brandId: card.brand_id }, { kind: 'operator' }, memoryTarget());
        if (exported.kind !== 'exported') throw new Error(`nothing exported of ${brand}`);
        return { payout: recorded.payout.id, batch: exported.messageId };
      })(),
    );
  }
  return payoutsOfBrand.get(brand)!;
}

/** A body each route takes, on a card's brand; calls run in registration order, so a grant is revoked and a block lifted by the next. */
function payloadOf(route: DeclaredAdminRoute, brand: string): Record<string, unknown> | undefined {
  if (route.method !== 'POST') return undefined;
  if (route.url.endsWith('/cards/search')) return { brand, last: '101' };
  if (route.url.endsWith('/block')) return { reason: 'other' };
  if (route.url.endsWith('/notes')) return { text: 'permission matrix' };
  if (route.url.endsWith('/adjustments')) return { amount: { value: 1, assetCode: 'EUR' }, reason: 'permission matrix' };
  if (route.url.startsWith('/admin/api/payouts/') && route.url.endsWith('/reject')) return { reason: 'permission matrix', fraud: false };
  if (route.url.endsWith('/reject')) return { reason: 'permission matrix' };
  if (route.url.includes('/staff/grants')) return { email: 'matrix@demo.test', role: 'support', brand: 'DEMO' };
  if (route.url.endsWith('/payout-batches')) return { brand };
  return {};
}

/** A held payout of a fresh card of the brand (the card had a guessing cool-down): what the payout routes act on. */
async function heldPayoutOf(brand: 'demo' | 'acme'): Promise<string> {
  const card = await issueTestGiftCard(t, { brand, balance: 5000 });
  await recordAuditEvent(t.db, { type: 'card.lockout', outcome: 'cooldown_30m', cardId: card.id }, new Date().toISOString());
  const result = await recordTestPayout(t, { cardId: card.id, iban: ingIban(brand === 'demo' ? 9_000_001 : 9_000_002) });
  if (result.kind !== 'recorded' || result.payout.status !== 'held') throw new Error(`no held payout for ${brand}`);
  return result.payout.id;
}

describe('the permission matrix: every /admin/api/ route × the six demo staff × a card (or held payout) of DEMO and of ACME', () => {
  const cookies = new Map<string, string>();
  const heldPayouts = new Map<string, string>();
  /** The held payout of a brand, made on first use; each person's run of the routes gets a fresh one. */
  const heldPayoutFor = async (key: string, brand: string) => {
    if (!heldPayouts.has(key)) heldPayouts.set(key, await heldPayoutOf(brand === 'ACME' ? 'acme' : 'demo'));
    return heldPayouts.get(key)!;
  };
  /** One session per person, made directly through the sessions service (no provider round trip). */
  const cookieOf = async (email: string) => {
    if (!cookies.has(email)) cookies.set(email, await staffCookie(t, email));
    return cookies.get(email)!;
  };
  /**
   * The id a route's `:id` names: the card, or for a route on an adjustment a fresh pending one on
   * that card, proposed by someone who is none of the six (so no one is its proposer).
   */
  const idFor = async (route: DeclaredAdminRoute, cardId: string, brand: string, cardName: string) => {
    if (cardId.startsWith('no-such')) return cardId;
    if (route.brand.startsWith('payout')) {
      const of = await payoutOf(brand, cardName);
      return route.brand === 'payout:id' ? of.payout : of.batch;
    }
    if (!route.brand.startsWith('adjustment:')) return cardId;
    const card = await t.db.selectFrom('cards').select(['id', 'brand_id', 'asset_code']).where('id', '=', cardId).executeTakeFirstOrThrow();
    const id = timeOrderedId();
    await insertAdjustmentProposal(t.db, {
      id,
      card_id: card.id,
      brand_id: card.brand_id,
      asset_code: card.asset_code,
      amount: 1,
      reason: 'permission matrix',
      reference: null,
      status: 'pending',
      proposed_by: 'proposer@matrix.test',
      proposed_at: new Date().toISOString(),
      decided_by: null,
      decided_at: null,
      decision_reason: null,
      balance_before: null,
      balance_after: null,
    });
    return id;
  };
  const send = async (email: string, route: DeclaredAdminRoute, cardId: string, brand: string, cardName = '') => {
    const payload = payloadOf(route, brand);
    // Releasing and rejecting act on a held payout (a fresh one per person and brand); the other payout routes on an exported one.
    const decidesHeld = /^\/admin\/api\/payouts\/:id\/(release|reject)$/.test(route.url) && !cardId.startsWith('no-such');
    const id = decidesHeld ? await heldPayoutFor(`${email} ${brand}`, brand) : await idFor(route, cardId, brand, cardName);
    // A brand's settings (path :code): the card's brand, or an unknown one; the draft's body is the brand as published.
    if (route.brand === 'path:code') {
      const code = cardId === 'no-such-card' ? 'NOPE' : brand;
      const file = route.method === 'PUT' ? (await t.app.inject({ url: `/admin/api/brands/${brand}`, headers: { cookie: await cookieOf('admin@tessera.test') } })).json().file : undefined;
      return t.app.inject({
        method: route.method as 'GET' | 'POST' | 'PUT',
        url: route.url.replace(':code', code).replace(':version', '1'),
        headers: { cookie: await cookieOf(email), ...(route.method !== 'GET' && { origin: ORIGIN }) },
        ...(route.method === 'PUT' ? { payload: file } : payload !== undefined && { payload }),
      });
    }
    // A route of a brand named in the query (the reports) gets the card's brand, or none for an unknown card.
    const query = route.brand === 'query.brand' ? `?brand=${cardId === 'no-such-card' ? 'NOPE' : brand}` : route.url === '/admin/api/payouts' ? '?status=held' : '';
    return t.app.inject({
      method: route.method as 'GET' | 'POST',
      url: route.url.replace(':id', id) + query,
      headers: { cookie: await cookieOf(email), ...(route.method !== 'GET' && { origin: ORIGIN }) },
      ...(payload !== undefined && { payload }),
    });
  };

  it('covers the card and payout routes as well as /me, /brands and /staff', () => {
    const urls = t.adminRoutes.map((r) => r.url);
    for (const url of ['/admin/api/cards/search', '/admin/api/cards/:id', '/admin/api/cards/:id/block', '/admin/api/cards/:id/resend-replacement', '/admin/api/audit', '/admin/api/staff']) expect(urls).toContain(url);
    for (const url of ['/admin/api/payouts', '/admin/api/payouts/:id/release', '/admin/api/payouts/:id/reject']) expect(urls).toContain(url);
    for (const url of ['/admin/api/payout-batches', '/admin/api/payout-batches/:id', '/admin/api/payout-batches/:id/file', '/admin/api/payouts/:id/mark-paid', '/admin/api/payouts/:id/mark-failed', '/admin/api/payouts/:id/return']) {
      expect(urls).toContain(url);
    }
  });

  it("covers a brand's settings: brand.manage on the brand of the path, the text defaults on none", () => {
    const manage = (method: string, url: string) => ({ method, url, action: 'brand.manage', brand: 'path:code' });
    expect(t.adminRoutes).toEqual(
      expect.arrayContaining([
        manage('GET', '/admin/api/brands/:code'),
        manage('GET', '/admin/api/brands/:code/draft'),
        manage('PUT', '/admin/api/brands/:code/draft'),
        manage('GET', '/admin/api/brands/:code/draft/diff'),
        manage('POST', '/admin/api/brands/:code/publish'),
        manage('GET', '/admin/api/brands/:code/versions'),
        manage('POST', '/admin/api/brands/:code/versions/:version/restore'),
        { method: 'GET', url: '/admin/api/text-defaults', action: 'brand.manage', brand: 'none' },
      ]),
    );
  });

  it("covers the adjustment routes with the design's roles: propose support, finance, admin; decide finance, admin; see whoever sees cards", () => {
    expect(t.adminRoutes).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/admin/api/cards/:id/adjustments', action: 'adjustments.propose', brand: 'card:id' },
        { method: 'GET', url: '/admin/api/adjustments', action: 'cards.read', brand: 'none' },
        { method: 'POST', url: '/admin/api/adjustments/:id/approve', action: 'adjustments.decide', brand: 'adjustment:id' },
        { method: 'POST', url: '/admin/api/adjustments/:id/reject', action: 'adjustments.decide', brand: 'adjustment:id' },
      ]),
    );
  });

  for (const email of DEMO_STAFF) {
    for (const cardName of MATRIX_CARDS) {
      it(`${email} on ${cardName}: each route answers as grantAllows says, and another brand's card as an unknown one`, async () => {
        const card = await cardRow(t, cardName);
        const brand = cardName === 'GIFT_ACME' ? 'ACME' : 'DEMO';
        const grants = ((await send(email, { method: 'GET', url: '/admin/api/me', action: 'cards.read', brand: 'none' }, card.id, brand)).json() as { grants: StaffGrant[] }).grants;
        expect(grants.length).toBeGreaterThan(0);
        const got: string[] = [];
        const want: string[] = [];
        for (const route of t.adminRoutes) {
          const expected = expectedStatus(route, grants, brand);
          const res = await send(email, route, card.id, brand, cardName);
          want.push(`${route.method} ${route.url}: ${expected}`);
          got.push(`${route.method} ${route.url}: ${passedTheGuard(res) ? 'allowed' : res.statusCode}`);
          if (expected === 404) {
            const unknown = await send(email, route, 'no-such-card', brand);
            expect([res.statusCode, res.json()], `${route.url} on an unknown card`).toEqual([unknown.statusCode, unknown.json()]);
            expect(res.json().code).toBe(route.brand === 'card:id' ? 'CARD_NOT_FOUND' : 'NOT_FOUND');
          }
          if (expected === 403) expect(res.json().code).toBe('FORBIDDEN');
        }
        expect(got).toEqual(want);
        expect((await cardRow(t, cardName)).blocked_at, 'the block was lifted by the unblock that follows it').toBeNull();
      });
    }
  }
});

describe('the permission matrix of /me, /brands and /staff for the six demo staff', () => {
  const staffOnly = (email: string) => email === 'admin@tessera.test';
  const cases: [email: string, grants: unknown[], brands: string[]][] = [
    ['admin@tessera.test', [{ role: 'admin', brand: null }], ['ACME', 'DEMO']],
    ['support@demo.test', [{ role: 'support', brand: 'DEMO' }], ['DEMO']],
    ['finance@demo.test', [{ role: 'finance', brand: 'DEMO' }], ['DEMO']],
    ['approver@demo.test', [{ role: 'finance', brand: 'DEMO' }], ['DEMO']],
    ['brand@demo.test', [{ role: 'brand-admin', brand: 'DEMO' }], ['DEMO']],
    ['support@acme.test', [{ role: 'support', brand: 'ACME' }], ['ACME']],
  ];
  for (const [email, grants, brands] of cases) {
    it(`${email}: /me, /brands ${brands.join(',')}, /staff ${staffOnly(email) ? 'allowed' : '403'}`, async () => {
      const me = await call(email, 'GET', '/admin/api/me');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual({ email, grants });
      const listed = await call(email, 'GET', '/admin/api/brands');
      expect(listed.statusCode).toBe(200);
      expect((listed.json() as { brands: { code: string }[] }).brands.map((b) => b.code).sort()).toEqual(brands);
      const expected = staffOnly(email) ? [200, 201, 200] : [403, 403, 403];
      const staff = await call(email, 'GET', '/admin/api/staff');
      const grant = await call(email, 'POST', '/admin/api/staff/grants', { email: 'matrix@demo.test', role: 'support', brand: 'DEMO' });
      const revoke = await call(email, 'POST', '/admin/api/staff/grants/revoke', { email: 'matrix@demo.test', role: 'support', brand: 'DEMO' });
      expect([staff.statusCode, grant.statusCode, revoke.statusCode]).toEqual(expected);
      if (!staffOnly(email)) expect(staff.json()).toMatchObject({ code: 'FORBIDDEN' });
    });
  }
});

describe('grants in the back office', () => {
  it('lists every grant with who granted it and when, and audits a grant and a revoke with the staff e-mail', async () => {
    const list = await call('admin@tessera.test', 'GET', '/admin/api/staff');
    expect(list.json().grants).toContainEqual({ email: 'support@acme.test', role: 'support', brand: 'ACME', grantedBy: 'demo', grantedAt: expect.any(String) });
    const made = await call('admin@tessera.test', 'POST', '/admin/api/staff/grants', { email: 'New.Person@Demo.test', role: 'finance', brand: 'DEMO' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({ email: 'new.person@demo.test', role: 'finance', brand: 'DEMO' });
    const after = await call('admin@tessera.test', 'GET', '/admin/api/staff');
    expect(after.json().grants).toContainEqual({ email: 'new.person@demo.test', role: 'finance', brand: 'DEMO', grantedBy: 'admin@tessera.test', grantedAt: expect.any(String) });
    expect((await call('admin@tessera.test', 'POST', '/admin/api/staff/grants/revoke', { email: 'new.person@demo.test', role: 'finance', brand: 'DEMO' })).statusCode).toBe(200);
    const events = await t.db.selectFrom('audit_events').select(['type', 'actor', 'actor_grant', 'detail']).where('type', 'in', ['staff.grant', 'staff.revoke']).where('detail', 'like', 'new.person%').orderBy('occurred_at').execute();
    expect(events).toEqual([
      { type: 'staff.grant', actor: 'admin@tessera.test', actor_grant: 'admin:*', detail: 'new.person@demo.test finance DEMO' },
      { type: 'staff.revoke', actor: 'admin@tessera.test', actor_grant: 'admin:*', detail: 'new.person@demo.test finance DEMO' },
    ]);
  });

  it('refuses an unknown brand with 404 and a revoke of no grant with 404', async () => {
    const unknown = await call('admin@tessera.test', 'POST', '/admin/api/staff/grants', { email: 'x@demo.test', role: 'support', brand: 'NOPE' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NOT_FOUND']);
    const none = await call('admin@tessera.test', 'POST', '/admin/api/staff/grants/revoke', { email: 'x@demo.test', role: 'support', brand: 'DEMO' });
    expect([none.statusCode, none.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('refuses to revoke the last admin grant on all brands with 409 LAST_ADMIN, and allows it once there is another', async () => {
    const last = await call('admin@tessera.test', 'POST', '/admin/api/staff/grants/revoke', { email: 'admin@tessera.test', role: 'admin', brand: null });
    expect([last.statusCode, last.json().code]).toEqual([409, 'LAST_ADMIN']);
    expect((await call('admin@tessera.test', 'GET', '/admin/api/me')).statusCode).toBe(200);
    expect((await call('admin@tessera.test', 'POST', '/admin/api/staff/grants', { email: 'second@tessera.test', role: 'admin', brand: null })).statusCode).toBe(201);
    expect((await call('second@tessera.test', 'POST', '/admin/api/staff/grants/revoke', { email: 'second@tessera.test', role: 'admin', brand: null })).statusCode).toBe(200);
  });

  it('refuses a revoked grant on the next call of a session that was made with it', async () => {
    const cookie = await staffCookie(t, 'approver@demo.test');
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/brands', headers: { cookie } })).statusCode).toBe(200);
    expect((await call('admin@tessera.test', 'POST', '/admin/api/staff/grants/revoke', { email: 'approver@demo.test', role: 'finance', brand: 'DEMO' })).statusCode).toBe(200);
    const next = await t.app.inject({ method: 'GET', url: '/admin/api/brands', headers: { cookie } });
    expect([next.statusCode, next.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await call('admin@tessera.test', 'POST', '/admin/api/staff/grants', { email: 'approver@demo.test', role: 'finance', brand: 'DEMO' })).statusCode).toBe(201);
  });
});

describe('a call that changes something', () => {
  it('without the back office Origin, or with another, answers 403 FORBIDDEN and changes nothing', async () => {
    const cookie = await staffCookie(t, 'admin@tessera.test');
    for (const origin of [undefined, 'https://evil.example', 'http://127.0.0.1:8080', 'null']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/api/staff/grants',
        headers: { cookie, ...(origin !== undefined && { origin }) },
        payload: { email: 'origin@demo.test', role: 'support', brand: 'DEMO' },
      });
      expect([res.statusCode, res.json().code], String(origin)).toEqual([403, 'FORBIDDEN']);
    }
    expect(await t.db.selectFrom('staff_grants').select('id').where('email', '=', 'origin@demo.test').execute()).toEqual([]);
  });
});

describe('the session cookie', () => {
  it('is Secure with the __Host- prefix and Path=/ in production, and HttpOnly, SameSite=Strict always', () => {
    const headers: string[] = [];
    const reply = { header: (_name: string, value: string) => headers.push(value) } as never;
    setSessionCookie({ secureCookies: true }, reply, 'ID');
    setSessionCookie({ secureCookies: false }, reply, 'ID');
    expect(headers).toEqual(['__Host-tessera_staff=ID; Path=/; HttpOnly; Secure; SameSite=Strict', 'tessera_staff=ID; Path=/admin; HttpOnly; SameSite=Strict']);
  });
});

describe('housekeeping', () => {
  it('deletes sessions past their 12 hours', async () => {
    await staffCookie(t, 'brand@demo.test');
    const silent = { info: () => undefined, error: () => undefined };
    const sweep = (hours: number) => new HousekeepingSweeper(t.config, { db: t.db, logger: silent, now: () => new Date(Date.now() + hours * 3_600_000) }).runOnce();
    expect((await sweep(11)).staffSessions).toBe(0);
    expect((await sweep(13)).staffSessions).toBeGreaterThanOrEqual(1);
    expect(await t.db.selectFrom('staff_sessions').select('email').execute()).toEqual([]);
  });
});

describe('the portal', () => {
  it('never serves /admin/ paths as its own pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/unknown', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
