import { describe, expect, it } from 'vitest';
import { demoCard } from '../helpers/demo.js';
import { useCliTest } from './support.js';

const c = useCliTest();

const call = (key: string, cardNumber: string) =>
  c.t.app.inject({ method: 'POST', url: '/api/v1/cards/lookup', headers: { authorization: `Bearer ${key}`, 'idempotency-key': `${Math.random()}` }, payload: { cardNumber } });

describe('tessera api-keys', () => {
  it('creates a key that is printed once and works, lists it without the key, and revokes it', async () => {
    const created = await c.cli('api-keys', 'create', '--brand', 'DEMO', '--name', 'webshop', '--scopes', 'cards:read, loads:write', '--by', 'ops.anna');
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const key = /^ {2}(tsk_[A-Za-z0-9_-]{43})$/m.exec(created.stdout)?.[1];
    expect(key).toBeDefined();
    const id = /Created API key ([0-9a-f-]{36}) "webshop" for brand DEMO \(scopes cards:read,loads:write\)\./.exec(created.stdout)?.[1];
    expect(id).toBeDefined();
    expect((await call(key!, demoCard('GIFT_BALANCE').number)).statusCode).toBe(200);

    const listed = await c.cli('api-keys', 'list', '--brand', 'DEMO');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('webshop');
    expect(listed.stdout).toContain(`${key!.slice(0, 12)}…`);
    expect(listed.stdout).toContain('cards:read,loads:write');
    expect(listed.stdout).not.toContain(key!.slice(12));
    // Its use shows in the list.
    expect(listed.stdout).toMatch(/LAST USED[\s\S]*\d{4}-\d{2}-\d{2} \d{2}:\d{2}Z\s+-\s*$/m);
    expect((await c.cli('api-keys', 'list', '--brand', 'ACME')).stdout).toBe('Brand ACME has no API keys.');
    const json = JSON.parse((await c.cli('api-keys', 'list', '--json')).stdout);
    expect(json[0]).toMatchObject({ id, brand_code: 'DEMO', name: 'webshop', scopes: 'cards:read,loads:write', revoked_at: null });
    expect(JSON.stringify(json)).not.toContain('key_hash');

    const revoked = await c.cli('api-keys', 'revoke', id!, '--by', 'ops.anna');
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`Revoked API key ${id} "webshop"`);
    expect((await call(key!, demoCard('GIFT_BALANCE').number)).statusCode).toBe(401);
    expect((await c.cli('api-keys', 'revoke', id!)).stdout).toContain('was already revoked');

    const audit = await c.t.db.selectFrom('audit_events').select(['type', 'client']).where('type', 'like', 'api_key.%').orderBy('occurred_at').execute();
    expect(audit).toEqual([
      { type: 'api_key.create', client: 'operator:ops.anna' },
      { type: 'api_key.revoke', client: 'operator:ops.anna' },
    ]);
  });

  it('refuses unknown scopes, brands and ids with a clear message', async () => {
    const scope = await c.cli('api-keys', 'create', '--brand', 'DEMO', '--name', 'x', '--scopes', 'cards:read,everything');
    expect(scope.code).toBe(2);
    expect(scope.stderr).toContain('--scopes, a comma-separated list of cards:read, cards:write, redemptions:write, loads:write');
    expect((await c.cli('api-keys', 'create', '--brand', 'DEMO', '--scopes', 'cards:read')).code).toBe(2);
    const brand = await c.cli('api-keys', 'create', '--brand', 'NOPE', '--name', 'x', '--scopes', 'cards:read');
    expect(brand.code).toBe(1);
    expect(brand.stderr).toContain('No brand with code NOPE exists');
    const unknown = await c.cli('api-keys', 'revoke', '00000000-0000-0000-0000-000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No API key with id');
    expect(await c.t.db.selectFrom('api_keys').select('id').where('name', '=', 'x').execute()).toHaveLength(0);
  });
});
