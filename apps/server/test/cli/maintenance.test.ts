import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setCardSecret } from '../../src/cards/set-card-secret.js';
import { issueTestGiftCard } from '../helpers/identity.js';
import { useCliTest } from './support.js';

const c = useCliTest();
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const count = async (table: 'error_reports' | 'card_secrets' | 'spent_captcha_tokens' | 'pin_frame_keys') =>
  Number((await c.t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('tessera maintenance prune', () => {
  it('deletes what is past its age, once, and keeps what is not', async () => {
    const db = c.t.db;
    for (const [id, days] of [['old', 40], ['new', 2]] as const) {
      await db.insertInto('error_reports').values({ id: randomUUID(), report_id: `r-${id}`, code: 'X', message: 'm', info: null, client: null, user_agent: null, created_at: daysAgo(days) }).execute();
    }
    const card = await issueTestGiftCard(c.t, { balance: 100 });
    // Three security codes: the first replaced 60 days ago, the second 10 days ago, the third current.
    await setCardSecret(db, c.t.deps.crypto, { cardId: card.id, kind: 'security_code', value: '111111', at: daysAgo(60) });
    await setCardSecret(db, c.t.deps.crypto, { cardId: card.id, kind: 'security_code', value: '222222', at: daysAgo(10) });
    await setCardSecret(db, c.t.deps.crypto, { cardId: card.id, kind: 'one_time_code', value: '333333', at: daysAgo(45), expiresAt: daysAgo(45), attemptsLeft: 3, purpose: 'activation' });
    await db.insertInto('spent_captcha_tokens').values([{ token_hash: 'old', expires_at: daysAgo(1), created_at: daysAgo(1) }, { token_hash: 'live', expires_at: daysAgo(-1), created_at: daysAgo(0) }]).execute();
    await db.insertInto('pin_frame_keys').values({ key_hash: 'k-old', card_id: card.id, control_id: 'c', expires_at: daysAgo(2.9), used_at: null, created_at: daysAgo(3), frame_session_hash: null }).execute();
    const brand = await db.selectFrom('brands').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    const session = (id: string, days: number) => ({
      id, brand_id: brand.id, flow_type: 'IDENTIFY' as const, provider: 'sandbox', issuer: 'TESTNL2A', redirect_url: 'https://x/', client_state: 's', oidc_state_hash: `h-${id}`,
      request_ciphertext: 'r', status: 'verified' as const, error: null, session_id_hash: null, identity_ciphertext: 'sealed identity', subject_hash: null, card_id: null,
      bound_card_id: null, bound_secret_id: null, bound_iban_ciphertext: 'sealed iban', created_at: daysAgo(days), expires_at: daysAgo(days - 0.01), returned_at: null, used_at: null,
    });
    await db.insertInto('identity_sessions').values([session('s-old', 100), session('s-new', 5)]).execute();
    const secretsBefore = await count('card_secrets');

    const dry = await c.cli('maintenance', 'prune', '--dry-run', '--json');
    expect(dry.code).toBe(0);
    const planned = JSON.parse(dry.stdout) as Record<string, number | boolean>;
    // The issue's card: the code replaced 60 days ago (its used_at is the second's created_at, 10 days: kept), the first
    // security code issued with the card (replaced 60 days ago) and the expired one-time code go.
    expect(planned).toMatchObject({ dryRun: true, errorReports: 1, captchaTokens: 1, pinFrameKeys: 1, identitySessions: 1 });
    expect(planned.spentCodes).toBeGreaterThanOrEqual(2);
    expect(await count('error_reports')).toBe(2);
    expect(await count('card_secrets')).toBe(secretsBefore);

    const res = await c.cli('maintenance', 'prune', '--by', 'ops.kim');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Deleted 1 error reports, \d+ spent codes, 1 captcha tokens, 1 PIN frame keys, 0 API idempotency keys; emptied 1 identity sessions of personal data\.$/);
    expect(await count('error_reports')).toBe(1);
    expect(await count('card_secrets')).toBe(secretsBefore - Number(planned.spentCodes));
    // The current security code still works; the one replaced 10 days ago is still kept.
    const current = await db.selectFrom('card_secrets').select(['kind', 'used_at']).where('card_id', '=', card.id).execute();
    expect(current.filter((s) => s.used_at === null).map((s) => s.kind)).toEqual(['security_code']);
    expect(current.filter((s) => s.used_at !== null)).toHaveLength(1);

    const sessions = await db.selectFrom('identity_sessions').select(['id', 'identity_ciphertext', 'bound_iban_ciphertext']).where('id', 'in', ['s-old', 's-new']).orderBy('id').execute();
    expect(sessions).toEqual([
      { id: 's-new', identity_ciphertext: 'sealed identity', bound_iban_ciphertext: 'sealed iban' },
      { id: 's-old', identity_ciphertext: null, bound_iban_ciphertext: null },
    ]);
    const again = JSON.parse((await c.cli('maintenance', 'prune', '--json')).stdout) as Record<string, number>;
    expect(again).toMatchObject({ errorReports: 0, spentCodes: 0, captchaTokens: 0, pinFrameKeys: 0, identitySessions: 0 });
    const audit = await db.selectFrom('audit_events').select(['client']).where('type', '=', 'maintenance.prune').execute();
    expect(audit.map((a) => a.client)).toEqual(['operator:ops.kim', expect.stringMatching(/^operator:/)]);
  });

  it('refuses a malformed age', async () => {
    expect((await c.cli('maintenance', 'prune', '--codes-days', '0')).code).toBe(2);
    expect((await c.cli('maintenance', 'prune', '--identity-days', 'soon')).code).toBe(2);
  });
});
