import { vi } from 'vitest';
import {
  adminMeSchema,
  batchPayoutSchema,
  payoutBatchListSchema,
  payoutBatchRequestSchema,
  payoutBatchSchema,
  type AdminMe,
  type BatchPayout,
  type PayoutBatch,
} from '@tessera/contracts/admin';
import { fakeAdminApi } from './fakeAdminApi';

/*
 * The payout batch calls of the back office's API, faked beside the rest (fakeAdminApi answers
 * every other call, and records these calls with its own): answers built through the contracts'
 * schemas, a batch's payouts changing status as the server's would.
 */

export const FINANCE_DEMO: AdminMe = adminMeSchema.parse({ email: 'finance@demo.test', grants: [{ role: 'finance', brand: 'DEMO' }] });
export const BATCH_ID = 'TSR-20261128091500-3fa2c1';
export const PAIN_XML = '<?xml version="1.0" encoding="UTF-8"?>\n<Document/>\n';

const payout = (n: number, overrides: Partial<BatchPayout> = {}): BatchPayout =>
  batchPayoutSchema.parse({
    id: `payout-${n}`,
    endToEndId: `TSR${String(n).repeat(32)}`,
    cardId: `card-${n}`,
    brand: 'DEMO',
    masked: `XXXXXXXXXXXXXXXX10${n}`,
    amount: { value: 1000 * n, assetCode: 'EUR' },
    fee: { value: 250, assetCode: 'EUR' },
    ibanHint: 'NL69INGB******6789',
    status: 'exported',
    requestedAt: '2026-11-28T08:00:00Z',
    settledAt: null,
    ...overrides,
  });

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function fakePayoutBatchApi({ me = FINANCE_DEMO, pending = true }: { me?: AdminMe; pending?: boolean } = {}) {
  const base = fakeAdminApi({ me });
  const batches = new Map<string, PayoutBatch>();
  let waiting = pending;
  const refusals = new Map<string, { status: number; body: unknown }>();
  const statusesOf = (payouts: BatchPayout[]) => payouts.reduce<Record<string, number>>((s, p) => ({ ...s, [p.status]: (s[p.status] ?? 0) + 1 }), {});
  const batchOf = (payouts: BatchPayout[]): PayoutBatch =>
    payoutBatchSchema.parse({
      id: BATCH_ID,
      format: 'pain.001.001.09',
      createdAt: '2026-11-28T09:15:00Z',
      executionDate: '2026-11-28',
      brands: ['DEMO'],
      count: payouts.length,
      total: { value: payouts.reduce((s, p) => s + p.amount.value, 0), assetCode: 'EUR' },
      statuses: statusesOf(payouts),
      payouts,
    });

  function answer(method: string, path: string, body: unknown): Response | undefined {
    const refusal = refusals.get(`${method} ${path}`);
    if (refusal) {
      refusals.delete(`${method} ${path}`);
      return json(refusal.status, refusal.body);
    }
    if (method === 'GET' && path === '/admin/api/payout-batches') {
      const items = [...batches.values()].map(({ payouts: _payouts, ...summary }) => summary);
      return json(200, payoutBatchListSchema.parse({ pending: waiting ? [{ brand: 'DEMO', count: 2, total: { value: 3000, assetCode: 'EUR' } }] : [], items }));
    }
    if (method === 'POST' && path === '/admin/api/payout-batches') {
      payoutBatchRequestSchema.parse(body);
      if (!waiting) return json(409, { code: 'NO_PENDING_PAYOUTS', message: 'none' });
      waiting = false;
      const batch = batchOf([payout(1), payout(2)]);
      batches.set(batch.id, batch);
      return json(201, batch);
    }
    const batchPath = /^\/admin\/api\/payout-batches\/([^/]+)(\/file)?$/.exec(path);
    if (method === 'GET' && batchPath) {
      const batch = batches.get(decodeURIComponent(batchPath[1]!));
      if (!batch) return json(404, { code: 'NOT_FOUND', message: 'No such batch' });
      return batchPath[2] ? new Response(PAIN_XML, { status: 200, headers: { 'content-type': 'application/xml; charset=utf-8' } }) : json(200, batch);
    }
    const settle = /^\/admin\/api\/payouts\/([^/]+)\/(mark-paid|mark-failed|return)$/.exec(path);
    if (method === 'POST' && settle) {
      const to = { 'mark-paid': 'paid', 'mark-failed': 'failed', return: 'returned' }[settle[2] as 'return'];
      for (const batch of batches.values()) {
        const at = batch.payouts.findIndex((p) => p.id === settle[1]);
        if (at < 0) continue;
        const was = batch.payouts[at]!;
        const changed = was.status !== to;
        const now = { ...was, status: to, settledAt: changed ? '2026-11-28T10:00:00Z' : was.settledAt };
        const payouts = batch.payouts.map((p, i) => (i === at ? now : p));
        batches.set(batch.id, batchOf(payouts));
        return json(200, { payout: now, was: was.status, changed });
      }
      return json(404, { code: 'NOT_FOUND', message: 'No such payout' });
    }
    return undefined;
  }

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (!/^\/admin\/api\/payout/.test(url.pathname)) return base.fetch(input, init);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    base.calls.push({ method, path: url.pathname, query: url.searchParams, body, credentials: init?.credentials, accept: new Headers(init?.headers).get('accept') });
    return answer(method, url.pathname, body) ?? json(404, { code: 'NOT_FOUND', message: `no fake for ${method} ${url.pathname}` });
  });

  return {
    ...base,
    fetch,
    /** The next `METHOD path` call answers this instead. */
    refuseNext: (call: string, status: number, body: { code: string; message: string }) => refusals.set(call, { status, body }),
  };
}
