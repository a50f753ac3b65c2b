import { identifyCustomerResponseSchema, identityApi } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { PURPOSE } from '../src/crypto/index.js';
import { servedDocument } from './helpers/api-document.js';
import { demoCard } from './helpers/demo.js';
import { auditEventsOf, cardRow, countersOf, ledgerSums, refusal, useFlowTestApp } from './helpers/flows.js';
import {
  CustomerCallSecrets,
  identifyCustomerCall,
  identitySessionRow,
  issueTestGiftCard,
  payoutCustomerCall,
  seedIdentitySession,
  type SeedIdentitySessionOptions,
  TEST_IDENTITY,
} from './helpers/identity.js';

// The IDENTIFY customer call: POST /api/Authentication/{slug}/customer?sessionId=… with
// x-flow-type IDENTIFY (docs/product/identify.md; docs/decisions/014).

const { t, log } = useFlowTestApp();

const ING = 'NL69INGB0123456789';
const secrets = new CustomerCallSecrets([TEST_IDENTITY.name, TEST_IDENTITY.subject]);
const session = (options: SeedIdentitySessionOptions = {}) => secrets.session(t, { flowType: 'IDENTIFY', ...options });

const body = (name: string, overrides: Record<string, unknown> = {}) => ({
  cardNumber: demoCard(name).number,
  securityCode: demoCard(name).securityCode,
  ...overrides,
});

async function identify(sessionId: string | null, payload: Record<string, unknown>, options: { theme?: string; flowType?: string | null } = {}) {
  secrets.remember(payload, ['cardNumber']);
  const res = await identifyCustomerCall(t, sessionId, payload, options);
  secrets.expectWellFormed(res, ['cardNumber']);
  return res;
}

const registrationsOf = (cardId: string) => t.db.selectFrom('card_registrations').selectAll().where('card_id', '=', cardId).execute();

async function snapshotOf(cardId: string) {
  const row = await t.db.selectFrom('cards').select(['paid_out_at', 'registered_at', 'number_ciphertext']).where('id', '=', cardId).executeTakeFirstOrThrow();
  const card = { paid_out_at: row.paid_out_at, registered_at: row.registered_at, failed_attempts: (await countersOf(t, row)).failed_attempts };
  return { card, registrations: (await registrationsOf(cardId)).length, ledger: await ledgerSums(t) };
}

describe('IDENTIFY customer call: order of checks', () => {
  it('answers 404 THEME_NOT_FOUND, then 403 FLOW_UNAVAILABLE (acme), before the body', async () => {
    expect(refusal(await identify('x'.repeat(43), { nonsense: 1 }, { theme: 'nobody', flowType: null }))).toEqual({ status: 404, code: 'THEME_NOT_FOUND' });
    expect(refusal(await identify('x'.repeat(43), { nonsense: 1 }, { theme: 'acme' }))).toEqual({ status: 403, code: 'FLOW_UNAVAILABLE' });
  });

  it('answers 400 VALIDATION_ERROR for a foreign x-flow-type, and for a bad body or sessionId, listing the fields', async () => {
    const { sessionId } = await session();
    for (const flow of [null, 'BALANCE', 'identify']) {
      const res = await identify(sessionId, body('GIFT_GRACE'), { flowType: flow });
      expect(refusal(res)).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
      expect(res.json().fields).toEqual([expect.objectContaining({ path: 'x-flow-type' })]);
    }
    // Fastify validates the body, then the query: a bad body is answered first, then a bad sessionId.
    const bad = await identify('bad id!', { cardNumber: '12', securityCode: '' });
    expect(refusal(bad)).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    expect([...new Set(bad.json().fields.map((f: { path: string }) => f.path))].sort()).toEqual(['cardNumber', 'securityCode']);
    const badSession = await identify('bad id!', body('GIFT_GRACE'));
    expect([...new Set(badSession.json().fields.map((f: { path: string }) => f.path))]).toEqual(['sessionId']);
    const noSession = await identify(null, body('GIFT_GRACE'));
    expect(noSession.json().fields).toEqual([expect.objectContaining({ path: 'sessionId' })]);
  });

  it('answers 400 IDENTITY_SESSION_INVALID for an unknown, foreign-brand, PAYOUT or expired session, before the code is checked', async () => {
    const card = await cardRow(t, 'GIFT_GRACE');
    const before = await snapshotOf(card.id);
    const cases = {
      unknown: 'y'.repeat(43),
      'other brand': (await session({ brand: 'acme' })).sessionId,
      'other flow': (await session({ flowType: 'PAYOUT' })).sessionId,
      expired: (await session({ expired: true })).sessionId,
    };
    for (const [label, sessionId] of Object.entries(cases)) {
      for (const securityCode of [demoCard('GIFT_GRACE').securityCode, '000000']) {
        expect(refusal(await identify(sessionId, body('GIFT_GRACE', { securityCode }))), label).toEqual({ status: 400, code: 'IDENTITY_SESSION_INVALID' });
      }
    }
    expect(await snapshotOf(card.id)).toEqual(before);
    expect(await t.db.selectFrom('identity_sessions').select('id').where('used_at', 'is not', null).execute()).toEqual([]);
  });

  it('answers 404 CARD_NOT_FOUND for a wrong code and leaves the session unspent', async () => {
    const { sessionId, id } = await session();
    expect(refusal(await identify(sessionId, body('GIFT_GRACE', { securityCode: '000000' })))).toEqual({ status: 404, code: 'CARD_NOT_FOUND' });
    expect(refusal(await identify(sessionId, body('GIFT_ACME')))).toEqual({ status: 404, code: 'CARD_NOT_FOUND' });
    expect((await identitySessionRow(t, id)).used_at).toBeNull();
    expect((await cardRow(t, 'GIFT_GRACE')).failed_attempts).toBe(1);
  });

  it('answers USER_CANCELLED and IDENTITY_FAILED, registers nothing, and binds the session to the card', async () => {
    const card = await cardRow(t, 'GIFT_GRACE');
    const before = await snapshotOf(card.id);
    const cancelled = await session({ status: 'cancelled' });
    expect(refusal(await identify(cancelled.sessionId, body('GIFT_GRACE')))).toEqual({ status: 400, code: 'USER_CANCELLED' });
    const failed = await session({ status: 'failed', error: 'server_error' });
    expect(refusal(await identify(failed.sessionId, body('GIFT_GRACE')))).toEqual({ status: 400, code: 'IDENTITY_FAILED' });
    const after = await snapshotOf(card.id);
    expect({ ...after, card: { ...after.card, failed_attempts: 0 } }).toEqual({ ...before, card: { ...before.card, failed_attempts: 0 } });
    expect(after.card.registered_at).toBeNull();
    expect((await identitySessionRow(t, cancelled.id)).card_id).toBe(card.id);
    expect(refusal(await identify(cancelled.sessionId, body('GIFT_BALANCE')))).toEqual({ status: 400, code: 'IDENTITY_SESSION_INVALID' });
    const failedEvent = (await auditEventsOf(t, 'identify.customer', card.id)).find((e) => e.outcome === 'identity_failed');
    expect(failedEvent!.detail).toBe(`session ${failed.id}: provider error server_error`);
  });
});

describe('IDENTIFY customer call: GIFT_IDENTIFY', () => {
  let first: { sessionId: string; id: string };

  it('registers the card to the verified identity and answers the number as typed, without spaces', async () => {
    const card = await cardRow(t, 'GIFT_IDENTIFY');
    const ledgerBefore = await ledgerSums(t);
    first = await session();
    const res = await identify(first.sessionId, body('GIFT_IDENTIFY'));
    expect(res.statusCode).toBe(200);
    expect(identifyCustomerResponseSchema.parse(res.json())).toEqual({ cardNumber: '6064000000000000110' });

    const [registration, ...more] = await registrationsOf(card.id);
    expect(more).toEqual([]);
    const seeded = await identitySessionRow(t, first.id);
    expect(registration).toMatchObject({ brand_id: card.brand_id, identity_session_id: first.id, subject_hash: seeded.subject_hash });
    expect(JSON.parse(t.deps.crypto.cipher.decrypt(registration!.identity_ciphertext, PURPOSE.identity))).toEqual(TEST_IDENTITY);
    expect(() => t.deps.crypto.cipher.decrypt(registration!.identity_ciphertext, PURPOSE.payoutName)).toThrow();
    expect((await cardRow(t, 'GIFT_IDENTIFY')).registered_at).toBe(registration!.created_at);
    expect(seeded).toMatchObject({ card_id: card.id, used_at: expect.any(String) });
    // No money moves.
    expect(await ledgerSums(t)).toEqual(ledgerBefore);

    const events = await auditEventsOf(t, 'identify.customer', card.id);
    expect(events.filter((e) => e.outcome === 'registered').map((e) => [e.flow_type, e.detail])).toEqual([['IDENTIFY', `session ${first.id}`]]);
    expect((await auditEventsOf(t, 'card.register', card.id)).map((e) => e.outcome)).toEqual(['registered']);
  });

  it('answers a repeat with the same session with the same success and changes nothing', async () => {
    const card = await cardRow(t, 'GIFT_IDENTIFY');
    const before = await snapshotOf(card.id);
    const res = await identify(first.sessionId, body('GIFT_IDENTIFY', { cardNumber: '6064-0000-0000-0000-110' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cardNumber: '6064000000000000110' });
    expect(await snapshotOf(card.id)).toEqual(before);
    expect((await auditEventsOf(t, 'identify.customer', card.id)).map((e) => e.outcome)).toContain('repeat');
  });

  it('refuses a second registration with a new session: CARD_ALREADY_REGISTERED', async () => {
    const card = await cardRow(t, 'GIFT_IDENTIFY');
    const before = await snapshotOf(card.id);
    const second = await session({ identity: { ...TEST_IDENTITY, name: 'Someone Else', subject: 'sandbox-subject-0002' } });
    expect(refusal(await identify(second.sessionId, body('GIFT_IDENTIFY')))).toEqual({ status: 400, code: 'CARD_ALREADY_REGISTERED' });
    expect(await snapshotOf(card.id)).toEqual(before);
    expect((await registrationsOf(card.id))[0]!.identity_session_id).toBe(first.id);
  });

  it('refuses the spent session for another card', async () => {
    expect(refusal(await identify(first.sessionId, body('GIFT_BALANCE')))).toEqual({ status: 400, code: 'IDENTITY_SESSION_INVALID' });
    expect(await registrationsOf((await cardRow(t, 'GIFT_BALANCE')).id)).toEqual([]);
  });

  it('leaves a registered card unpayable by the PAYOUT call', async () => {
    const card = await cardRow(t, 'GIFT_IDENTIFY');
    const payoutSession = await seedIdentitySession(t, { flowType: 'PAYOUT' });
    secrets.long.add(payoutSession.sessionId);
    const res = await payoutCustomerCall(t, { ...body('GIFT_IDENTIFY'), sessionId: payoutSession.sessionId, bankAccountNumber: ING });
    expect(refusal(res)).toEqual({ status: 400, code: 'CARD_ALREADY_REGISTERED' });
    expect(await t.db.selectFrom('payouts').select('id').where('card_id', '=', card.id).execute()).toEqual([]);
    expect((await ledgerSums(t)).byCard.get(card.id)).toBe(2000);
  });
});

describe('IDENTIFY customer call: paid-out cards and calls at once', () => {
  it('refuses to register a card that was paid out', async () => {
    const payoutSession = await seedIdentitySession(t, { flowType: 'PAYOUT' });
    secrets.long.add(payoutSession.sessionId);
    const paid = await payoutCustomerCall(t, { ...body('GIFT_PAYOUT'), sessionId: payoutSession.sessionId, bankAccountNumber: ING });
    expect(paid.statusCode).toBe(200);
    const card = await cardRow(t, 'GIFT_PAYOUT');
    const { sessionId } = await session();
    expect(refusal(await identify(sessionId, body('GIFT_PAYOUT')))).toEqual({ status: 400, code: 'CARD_ALREADY_REGISTERED' });
    expect(await registrationsOf(card.id)).toEqual([]);
    expect((await cardRow(t, 'GIFT_PAYOUT')).registered_at).toBeNull();
  });

  it('registers a card once when fifty calls with one session arrive at once, answering each the same', async () => {
    const fresh = await issueTestGiftCard(t, { balance: 700 });
    secrets.long.add(fresh.number);
    const { sessionId, id } = await session();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => identifyCustomerCall(t, sessionId, { cardNumber: fresh.number, securityCode: fresh.securityCode })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(results.map((r) => r.body))).toEqual(new Set([JSON.stringify({ cardNumber: fresh.number })]));
    expect((await registrationsOf(fresh.id)).map((r) => r.identity_session_id)).toEqual([id]);
  });

  it('registers a card once when fifty calls with fifty sessions arrive at once', async () => {
    const fresh = await issueTestGiftCard(t, { balance: 700 });
    secrets.long.add(fresh.number);
    const sessions = await Promise.all(Array.from({ length: 50 }, () => session()));
    const results = await Promise.all(sessions.map((s) => identifyCustomerCall(t, s.sessionId, { cardNumber: fresh.number, securityCode: fresh.securityCode })));
    const codes = results.map((r) => (r.statusCode === 200 ? 'OK' : r.json().code));
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c === 'CARD_ALREADY_REGISTERED')).toHaveLength(49);
    expect(await registrationsOf(fresh.id)).toHaveLength(1);
  });

  it('keeps the sessionId of the query string out of every log line', async () => {
    const urls = log.requestUrls().filter((u) => u.includes('/customer?'));
    expect(urls.length).toBeGreaterThan(100);
    for (const url of urls) expect(url).toMatch(/^\/api\/Authentication\/[\w.-]+\/customer\?sessionId=\[redacted\]$/);
    secrets.expectNotLogged(log);
  });

  it('is in the OpenAPI document with both bodies and both answers', async () => {
    const { doc, schema } = await servedDocument(t.app);
    const op = doc.paths['/api/Authentication/{themeCode}/customer'].post;
    expect(op.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'query', name: 'sessionId' }), expect.objectContaining({ in: 'path', name: 'themeCode' })]));
    // Both bodies, one per x-flow-type: PAYOUT's (with the IBAN) and IDENTIFY's.
    const bodies = (schema(op.requestBody.content['application/json'].schema).anyOf as { $ref: string }[]).map((b) => schema(b));
    expect(bodies.map((b) => 'bankAccountNumber' in b.properties)).toEqual(expect.arrayContaining([true, false]));
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404', '429']));
    expect(identityApi.customer.build({ themeCode: 'demo' }, { sessionId: 'abc' })).toBe('/api/Authentication/demo/customer?sessionId=abc');
  });
});
