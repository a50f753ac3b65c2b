import { randomBytes, randomUUID } from 'node:crypto';
import { IDENTITY_PROVIDER, IDENTITY_SESSION_TTL_MS, identityApi } from '@tessera/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { issueCard } from '../../src/cards/issue-card.js';
import { PURPOSE } from '../../src/crypto/index.js';
import { completeIdentitySession, insertIdentitySession } from '../../src/db/repositories/identity-sessions.js';
import type { IdentitySessionsTable } from '../../src/db/schema.js';
import type { VerifiedIdentity } from '../../src/domain/identity.js';
import type { TestApp } from './test-app.js';

/** The identity the sandbox provider verifies unless a test names another. */
export const TEST_IDENTITY: VerifiedIdentity = {
  name: 'Zoë de Vries',
  birthDate: '1980-04-01',
  subject: 'sandbox-subject-0001',
  issuer: 'http://localhost:8080/sandbox-idin',
};

/** ING's BIC: the issuer (bank) of a seeded session unless a test names another. */
export const ING_BIC = 'INGBNL2A';

export interface SeedIdentitySessionOptions {
  /** The brand's code or slug (default demo). */
  brand?: string;
  flowType?: 'PAYOUT' | 'IDENTIFY';
  /** How the provider answered: verified (default), cancelled (access_denied) or failed. */
  status?: 'verified' | 'cancelled' | 'failed';
  /** The iDIN issuer's BIC the cardholder chose. */
  issuer?: string;
  identity?: VerifiedIdentity;
  /** Created 11 minutes ago, so its 10 minutes are over. */
  expired?: boolean;
  /** The provider's error code for a failed session (default server_error). */
  error?: string;
}

export interface SeededIdentitySession {
  /** What the browser holds after the return: the bearer value the customer call sends. */
  sessionId: string;
  /** The row's id (payouts.identity_session_id, card_registrations.identity_session_id). */
  id: string;
}

/**
 * An identity session as the return endpoint leaves it (started by the session call, completed by
 * the provider's answer), written straight through the repository with the app's own keys: the
 * sessionId kept only as its blind index (PURPOSE.identitySession), the verified identity
 * encrypted (PURPOSE.identity), the subject as its blind index (PURPOSE.identitySubject).
 */
export async function seedIdentitySession(t: TestApp, options: SeedIdentitySessionOptions = {}): Promise<SeededIdentitySession> {
  const { crypto } = t.deps;
  const brandId = options.brand ?? 'demo';
  const brand = await t.db
    .selectFrom('brands')
    .select('id')
    .where((eb) => eb.or([eb('slug', '=', brandId), eb('code', '=', brandId)]))
    .executeTakeFirstOrThrow();
  const status = options.status ?? 'verified';
  const identity = options.identity ?? TEST_IDENTITY;
  const created = new Date(Date.now() - (options.expired ? IDENTITY_SESSION_TTL_MS + 60_000 : 0));
  const id = randomUUID();
  const sessionId = randomBytes(32).toString('base64url');

  const session: Parameters<typeof insertIdentitySession>[1] = {
    id,
    brand_id: brand.id,
    flow_type: options.flowType ?? 'PAYOUT',
    provider: IDENTITY_PROVIDER,
    issuer: options.issuer ?? ING_BIC,
    redirect_url: 'http://localhost:8080/callback',
    client_state: `state-${randomBytes(6).toString('hex')}`,
    oidc_state_hash: crypto.blindIndex.of(PURPOSE.identityState, randomBytes(32).toString('base64url')),
    request_ciphertext: crypto.cipher.encrypt(
      JSON.stringify({ nonce: randomBytes(16).toString('base64url'), codeVerifier: randomBytes(32).toString('base64url') }),
      PURPOSE.identityRequest,
    ),
    created_at: created.toISOString(),
    expires_at: new Date(created.getTime() + IDENTITY_SESSION_TTL_MS).toISOString(),
  };
  await insertIdentitySession(t.db, session);

  const outcome: Pick<IdentitySessionsTable, 'status' | 'error' | 'session_id_hash' | 'identity_ciphertext' | 'subject_hash' | 'returned_at'> = {
    status,
    error: status === 'cancelled' ? 'access_denied' : status === 'failed' ? (options.error ?? 'server_error') : null,
    session_id_hash: crypto.blindIndex.of(PURPOSE.identitySession, sessionId),
    identity_ciphertext: status === 'verified' ? crypto.cipher.encrypt(JSON.stringify(identity), PURPOSE.identity) : null,
    subject_hash: status === 'verified' ? crypto.blindIndex.of(PURPOSE.identitySubject, `${identity.issuer} ${identity.subject}`) : null,
    returned_at: new Date(created.getTime() + 30_000).toISOString(),
  };
  if (!(await completeIdentitySession(t.db, id, outcome))) throw new Error('the seeded session was not completed');
  return { sessionId, id };
}

/** The session row of a seeded session. */
export const identitySessionRow = (t: TestApp, id: string) => t.db.selectFrom('identity_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A fresh active gift card of a brand with a balance (for tests that need many cards). */
export async function issueTestGiftCard(
  t: TestApp,
  options: { brand?: string; balance: number; assetCode?: string },
): Promise<{ id: string; number: string; securityCode: string }> {
  const brand = await t.db
    .selectFrom('brands')
    .select('id')
    .where('slug', '=', options.brand ?? 'demo')
    .executeTakeFirstOrThrow();
  const number = `60649${Array.from(randomBytes(14), (b) => String(b % 10)).join('')}`;
  const securityCode = '827361';
  const id = await issueCard(
    t.db,
    t.deps.crypto,
    {
      brandId: brand.id,
      kind: 'giftcard',
      cardNumber: number,
      state: 'active',
      assetCode: options.assetCode ?? 'EUR',
      expiresAt: '2099-12-31',
      securityCode,
      ...(options.balance > 0 && { load: { amount: options.balance, reference: `test-load:${randomUUID()}` } }),
    },
    new Date().toISOString(),
  );
  return { id, number, securityCode };
}

/** POST /api/Authentication/{theme}/customer with x-flow-type PAYOUT (or another header). */
export function payoutCustomerCall(t: TestApp, body: Record<string, unknown>, options: { theme?: string; flowType?: string | null } = {}) {
  const { theme = 'demo', flowType = 'PAYOUT' } = options;
  return t.app.inject({
    method: 'POST',
    url: identityApi.customer.build({ themeCode: theme }),
    headers: { ...(flowType !== null && { 'x-flow-type': flowType }) },
    payload: body,
  });
}

/** POST /api/Authentication/{slug}/customer?sessionId=… with x-flow-type IDENTIFY. */
export function identifyCustomerCall(
  t: TestApp,
  sessionId: string | null,
  body: Record<string, unknown>,
  options: { theme?: string; flowType?: string | null } = {},
) {
  const { theme = 'demo', flowType = 'IDENTIFY' } = options;
  return t.app.inject({
    method: 'POST',
    url: sessionId === null ? identityApi.customer.build({ themeCode: theme }) : identityApi.customer.build({ themeCode: theme }, { sessionId: sessionId }),
    headers: { ...(flowType !== null && { 'x-flow-type': flowType }) },
    payload: body,
  });
}

/**
 * What a customer-call test file sent or learned and nobody else may see: long secrets (card
 * numbers, IBANs, sessionIds, names) must reach neither a log nor an answer; short ones (security
 * codes) are searched for only in error answers, which carry no random ids.
 */
export class CustomerCallSecrets {
  readonly long: Set<string>;
  readonly short = new Set<string>();

  constructor(long: Iterable<string>) {
    this.long = new Set(long);
  }

  /** Remembers a call's long values (the keys named, without white space) and its security code. */
  remember(payload: Record<string, unknown>, longKeys: string[]): void {
    for (const key of longKeys) {
      const value = payload[key];
      const stripped = typeof value === 'string' ? value.replace(/\s/g, '') : '';
      if (stripped.length >= 16) this.long.add(stripped);
    }
    if (typeof payload.securityCode === 'string' && payload.securityCode.length >= 6) this.short.add(payload.securityCode);
  }

  /**
   * The checks every customer-call answer passes: it is not cached; a success has exactly the keys
   * given; an error is {code, message[, fields]} and names none of the secrets.
   */
  expectWellFormed(res: LightMyRequestResponse, successKeys: string[]): void {
    expect(res.headers['cache-control']).toBe('no-store');
    if (res.statusCode === 200) {
      expect(Object.keys(res.json()).sort()).toEqual([...successKeys].sort());
      return;
    }
    expect(Object.keys(res.json()).filter((k) => k !== 'fields').sort()).toEqual(['code', 'message']);
    for (const secret of [...this.long, ...this.short]) expect(res.body, 'an error answer names no secret').not.toContain(secret);
  }

  /** None of the long secrets stands in the log (its string values). */
  expectNotLogged(log: { strings: () => string }): void {
    const strings = log.strings();
    for (const secret of this.long) expect(strings.includes(secret), 'a long secret in the log').toBe(false);
  }

  /** Seeds an identity session (seedIdentitySession) and remembers its sessionId. */
  async session(t: TestApp, options: SeedIdentitySessionOptions = {}): Promise<SeededIdentitySession> {
    const seeded = await seedIdentitySession(t, options);
    this.long.add(seeded.sessionId);
    return seeded;
  }
}
