import { vi } from 'vitest';
import {
  adjustmentRequestSchema,
  adjustmentSchema,
  adminBrandListSchema,
  adminCardSchema,
  adminMeSchema,
  auditPageSchema,
  blockRequestSchema,
  cardSearchRequestSchema,
  noteRequestSchema,
  staffGrantListSchema,
  staffGrantRequestSchema,
  timelinePageSchema,
  type AdminCard,
  type AdminMe,
  type Adjustment,
} from '@tessera/contracts/admin';

/*
 * A fake of the back office's API at the fetch boundary: every answer is built through the
 * contracts' schemas (so a fake that drifts from the contract fails here, not in the app), and
 * every call is recorded for the tests to read.
 */

export const ADMIN: AdminMe = adminMeSchema.parse({ email: 'admin@tessera.test', grants: [{ role: 'admin', brand: null }] });
export const SUPPORT_DEMO: AdminMe = adminMeSchema.parse({ email: 'support@demo.test', grants: [{ role: 'support', brand: 'DEMO' }] });
export const SUPPORT_ACME: AdminMe = adminMeSchema.parse({ email: 'support@acme.test', grants: [{ role: 'support', brand: 'ACME' }] });
export const FINANCE_DEMO: AdminMe = adminMeSchema.parse({ email: 'finance@demo.test', grants: [{ role: 'finance', brand: 'DEMO' }] });
export const BRAND_ADMIN_DEMO: AdminMe = adminMeSchema.parse({ email: 'brand@demo.test', grants: [{ role: 'brand-admin', brand: 'DEMO' }] });

/** The full number of the demo card: typed in a search, never shown or sent anywhere else. */
export const DEMO_CARD_NUMBER = '4000 0012 3456 0101';

export function demoCard(overrides: Partial<AdminCard> = {}): AdminCard {
  return adminCardSchema.parse({
    id: 'card_demo_0101',
    brand: 'DEMO',
    kind: 'visa',
    masked: '•••• •••• •••• 0101',
    state: 'active',
    blocked: false,
    balance: { value: 2500, assetCode: 'EUR' },
    blockReason: null,
    blockedAt: null,
    expiresAt: '2028-06-30',
    guessing: { failedAttempts: 3, coolingDownUntil: null, locked: false },
    replacementSent: true,
    timeline: [
      { at: '2026-11-20T09:15:00Z', kind: 'ledger', summary: 'Redemption', code: 'ledger.redemption', params: {}, by: 'api:Kassa Utrecht', amount: { value: -450, assetCode: 'EUR' } },
      {
        at: '2026-11-19T14:00:00Z',
        kind: 'payout',
        summary: 'Payout of 12.50 EUR (fee 1.50 EUR) to the IBAN ending 4300 (pending)',
        code: 'payout',
        params: { amount: { value: 1250, assetCode: 'EUR' }, fee: { value: 150, assetCode: 'EUR' }, iban: '4300', status: 'pending' },
        by: 'cardholder',
      },
      { at: '2026-11-19T12:00:00Z', kind: 'registration', summary: 'Registered to a bank-verified identity', code: 'registration', params: {}, by: 'cardholder' },
      // A code this app has no text for (a newer server): its English summary is shown.
      { at: '2026-11-18T08:00:00Z', kind: 'state', summary: 'card.frozen (frozen)', code: 'card.frozen', params: {}, by: 'system' },
    ],
    timelineNextCursor: 'page-2',
    ...overrides,
  });
}

export const ACME_CARD = adminCardSchema.parse({
  ...demoCard(),
  id: 'card_acme_7777',
  brand: 'ACME',
  kind: 'giftcard',
  masked: '•••• •••• •••• 7777',
  balance: { value: 1000, assetCode: 'EUR' },
  guessing: { failedAttempts: 0, coolingDownUntil: null, locked: false },
  replacementSent: false,
  timeline: [],
  timelineNextCursor: null,
});

/** An adjustment of the demo card waiting for a decision, proposed by support. */
export function pendingAdjustment(overrides: Partial<Adjustment> = {}): Adjustment {
  return adjustmentSchema.parse({
    id: 'adj-1',
    cardId: 'card_demo_0101',
    brand: 'DEMO',
    masked: '•••• •••• •••• 0101',
    amount: { value: 500, assetCode: 'EUR' },
    reason: 'till double-charged',
    reference: 'T-77',
    status: 'pending',
    proposedBy: 'support@demo.test',
    proposedAt: '2026-11-28T08:00:00Z',
    decidedBy: null,
    decidedAt: null,
    decisionReason: null,
    balanceAfter: null,
    ...overrides,
  });
}

const SECOND_TIMELINE_PAGE = timelinePageSchema.parse({
  items: [
    {
      at: '2026-11-01T08:00:00Z',
      kind: 'state',
      summary: 'card.unblock (unblocked): was blocked since 2026-11-01T07:00:00.000Z (lost)',
      code: 'card.unblocked_since',
      params: { since: '2026-11-01T07:00:00.000Z', reason: 'lost' },
      by: 'operator',
    },
    { at: '2026-11-01T06:00:00Z', kind: 'ledger', summary: 'Loaded', code: 'ledger.load', params: {}, by: 'api:shop', amount: { value: 3000, assetCode: 'EUR' } },
  ],
  nextCursor: null,
});

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function fakeAdminApi({
  me = ADMIN as AdminMe | null,
  cards = [demoCard(), ACME_CARD],
  adjustments = [],
}: { me?: AdminMe | null; cards?: AdminCard[]; adjustments?: Adjustment[] } = {}) {
  let signedIn = me;
  const proposals = adjustments.map((a) => adjustmentSchema.parse(a));
  const byId = new Map(cards.map((card) => [card.id, card]));
  const grants = staffGrantListSchema.parse({
    grants: [
      { email: 'admin@tessera.test', role: 'admin', brand: null, grantedBy: 'operator', grantedAt: '2026-11-01T10:00:00Z' },
      { email: 'support@demo.test', role: 'support', brand: 'DEMO', grantedBy: 'admin@tessera.test', grantedAt: '2026-11-02T10:00:00Z' },
    ],
  }).grants;
  const calls: Call[] = [];
  /** A status and body to answer the next matching call with instead (a refusal). */
  const refusals = new Map<string, { status: number; body: unknown }>();

  const visible = (card: AdminCard) => signedIn !== null && signedIn.grants.some((grant) => grant.brand === null || grant.brand === card.brand);

  function answer(method: string, path: string, query: URLSearchParams, body: unknown): Response {
    const refusal = refusals.get(`${method} ${path}`);
    if (refusal) {
      refusals.delete(`${method} ${path}`);
      return json(refusal.status, refusal.body);
    }
    if (method === 'POST' && path === '/admin/auth/logout') {
      signedIn = null;
      return new Response(null, { status: 204 });
    }
    if (!signedIn) return json(401, { code: 'UNAUTHORIZED', message: 'Sign in first' });
    if (method === 'GET' && path === '/admin/api/me') return json(200, adminMeSchema.parse(signedIn));
    if (method === 'GET' && path === '/admin/api/brands') {
      const all = [
        { code: 'DEMO', name: 'Demo' },
        { code: 'ACME', name: 'Acme' },
      ];
      return json(200, adminBrandListSchema.parse({ brands: all.filter((brand) => signedIn!.grants.some((g) => g.brand === null || g.brand === brand.code)) }));
    }
    if (method === 'POST' && path === '/admin/api/cards/search') {
      const request = cardSearchRequestSchema.parse(body);
      const found = [...byId.values()].filter(visible).filter((card) => {
        if ('number' in request) return request.number === DEMO_CARD_NUMBER.replace(/\s/g, '') && card.id === 'card_demo_0101';
        if ('last' in request) return card.brand === request.brand && card.masked.endsWith(request.last);
        if ('phone' in request) return request.phone.replace(/\s/g, '') === '+31612345601' && card.id === 'card_demo_0101';
        // One holder with a card of each brand: the search that lists two.
        return request.email === 'holder@example.com';
      });
      return json(200, { cards: found.map(({ id, brand, kind, masked, state, blocked, balance }) => ({ id, brand, kind, masked, state, blocked, balance })) });
    }
    const cardPath = /^\/admin\/api\/cards\/([^/]+)(?:\/([a-z-]+))?$/.exec(path);
    if (cardPath) {
      const card = byId.get(decodeURIComponent(cardPath[1]!));
      if (!card || !visible(card)) return json(404, { code: 'CARD_NOT_FOUND', message: 'No such card' });
      const action = cardPath[2];
      const update = (next: Partial<AdminCard>, summary: string, code: string, params: Record<string, string> = {}) => {
        const entry = { at: '2026-11-28T07:00:00Z', kind: 'staff', summary, code, params, by: signedIn!.email };
        const updated = adminCardSchema.parse({ ...card, ...next, timeline: [entry, ...card.timeline] });
        byId.set(card.id, updated);
        return updated;
      };
      if (method === 'GET' && !action) return json(200, card);
      if (method === 'GET' && action === 'timeline') return json(200, query.get('cursor') === 'page-2' ? SECOND_TIMELINE_PAGE : { items: [], nextCursor: null });
      if (method === 'POST' && action === 'block') {
        const { reason } = blockRequestSchema.parse(body);
        return json(200, update({ blocked: true, blockReason: reason, blockedAt: '2026-11-28T07:00:00Z', state: 'blocked' }, `card.block (blocked): ${reason}`, 'card.blocked', { reason }));
      }
      if (method === 'POST' && action === 'unblock') return json(200, update({ blocked: false, blockReason: null, blockedAt: null, state: 'active' }, 'card.unblock (unblocked)', 'card.unblocked'));
      if (method === 'POST' && action === 'unlock') return json(200, update({ guessing: { failedAttempts: 0, coolingDownUntil: null, locked: false } }, 'Guessing unlocked', 'guessing.unlocked'));
      if (method === 'POST' && action === 'resend-replacement') return json(200, update({}, 'card.replacement_resend (queued)', 'card.replacement_resent'));
      if (method === 'POST' && action === 'adjustments') {
        const request = adjustmentRequestSchema.parse(body);
        const proposal = pendingAdjustment({
          id: `adj-${proposals.length + 1}`,
          cardId: card.id,
          brand: card.brand,
          masked: card.masked,
          amount: request.amount,
          reason: request.reason,
          reference: request.reference ?? null,
          proposedBy: signedIn.email,
          proposedAt: '2026-11-28T07:00:00Z',
        });
        proposals.unshift(proposal);
        return json(201, proposal);
      }
      if (method === 'POST' && action === 'notes') {
        const { text } = noteRequestSchema.parse(body);
        update({}, `Note: ${text}`, 'note', { text });
        return json(201, { id: 'note-1', cardId: card.id, text, by: signedIn.email, at: '2026-11-28T07:00:00Z' });
      }
    }
    if (method === 'GET' && path === '/admin/api/adjustments') {
      const status = query.get('status') ?? 'pending';
      const card = query.get('card');
      const items = proposals
        .filter((a) => signedIn!.grants.some((g) => g.brand === null || g.brand === a.brand))
        .filter((a) => status === 'all' || (status === 'decided' ? a.status !== 'pending' : a.status === status))
        .filter((a) => card === null || a.cardId === card);
      return json(200, { items });
    }
    const decision = /^\/admin\/api\/adjustments\/([^/]+)\/(approve|reject)$/.exec(path);
    if (method === 'POST' && decision) {
      const at = proposals.findIndex((a) => a.id === decodeURIComponent(decision[1]!));
      const proposal = proposals[at];
      if (!proposal || !signedIn.grants.some((g) => g.brand === null || g.brand === proposal.brand)) return json(404, { code: 'NOT_FOUND', message: 'No such adjustment' });
      if (proposal.proposedBy === signedIn.email) return json(403, { code: 'FOUR_EYES_REQUIRED', message: 'Someone else must decide' });
      if (proposal.status !== 'pending') return json(409, { code: 'ALREADY_DECIDED', message: 'Decided already' });
      const decided = { decidedBy: signedIn.email, decidedAt: '2026-11-28T09:00:00Z' };
      if (decision[2] === 'reject') {
        proposals[at] = adjustmentSchema.parse({ ...proposal, ...decided, status: 'rejected', decisionReason: (body as { reason: string }).reason });
        return json(200, { status: 'rejected' });
      }
      const card = byId.get(proposal.cardId)!;
      const balanceAfter = { value: card.balance.value + proposal.amount.value, assetCode: card.balance.assetCode };
      byId.set(card.id, adminCardSchema.parse({ ...card, balance: balanceAfter }));
      proposals[at] = adjustmentSchema.parse({ ...proposal, ...decided, status: 'applied', balanceAfter });
      return json(200, { status: 'applied', balanceAfter });
    }
    if (method === 'GET' && path === '/admin/api/audit') {
      const cursor = query.get('cursor');
      // The oldest event is of a kind this app has no text for (a newer server's), its outcome not a word.
      const item = (n: number) =>
        n === 1
          ? { at: '2026-11-21T10:00:00Z', staff: null, action: 'card.frozen', brand: 'DEMO', card: 'card_demo_0101', detail: '404 CARD_NOT_FOUND', outcome: '404 CARD_NOT_FOUND', remark: null }
          : { at: `2026-11-2${n}T10:00:00Z`, staff: 'support@demo.test', action: 'card.block', brand: 'DEMO', card: 'card_demo_0101', detail: `blocked: event ${n}`, outcome: 'blocked', remark: `event ${n}` };
      return json(200, auditPageSchema.parse(cursor === 'audit-2' ? { items: [item(1)], nextCursor: null } : { items: [item(3), item(2)], nextCursor: 'audit-2' }));
    }
    if (method === 'GET' && path === '/admin/api/staff') return json(200, staffGrantListSchema.parse({ grants }));
    if (method === 'POST' && path === '/admin/api/staff/grants') {
      const grant = staffGrantRequestSchema.parse(body);
      grants.push({ ...grant, grantedBy: signedIn.email, grantedAt: '2026-11-28T07:00:00Z' });
      return json(201, grant);
    }
    if (method === 'POST' && path === '/admin/api/staff/grants/revoke') {
      const grant = staffGrantRequestSchema.parse(body);
      const at = grants.findIndex((g) => g.email === grant.email && g.role === grant.role && g.brand === grant.brand);
      if (at >= 0) grants.splice(at, 1);
      return json(200, grant);
    }
    return json(404, { code: 'NOT_FOUND', message: `no fake for ${method} ${path}` });
  }

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, query: url.searchParams, body, credentials: init?.credentials });
    return answer(method, url.pathname, url.searchParams, body);
  });

  return {
    fetch,
    calls,
    /** The session ends (idle for 15 minutes): every later call answers 401. */
    expireSession: () => {
      signedIn = null;
    },
    /** The next `METHOD path` call answers this instead. */
    refuseNext: (call: string, status: number, body: { code: string; message: string }) => refusals.set(call, { status, body }),
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}

export type FakeAdminApi = ReturnType<typeof fakeAdminApi>;
