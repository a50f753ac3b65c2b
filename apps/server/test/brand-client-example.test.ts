import type { AddressInfo } from 'node:net';
import type { OpenAPI3 } from 'openapi-typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { tesseraClient } from '../../../examples/brand-client/src/client.js';
import { SCHEMA_FILE, schemaTypesOf } from '../../../examples/brand-client/src/generate-types.js';
import { walk } from '../../../examples/brand-client/src/walk.js';
import { apiKeyFor } from './helpers/brand-api.js';
import { useTestApp } from './helpers/test-app.js';

// examples/brand-client is what a brand's developer builds from the served document with tools
// nobody here wrote (openapi-typescript, openapi-fetch). Its types must be the document's of
// today (regenerated, not edited), and its walk must work against the real server over HTTP.
// `npm run typecheck` compiles it with tsc --strict.

const t = useTestApp();
let base = '';
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

describe('the brand client example', () => {
  it('holds the types of the document the server serves today', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as OpenAPI3;
    const fresh = await schemaTypesOf(document);
    // On a difference: `npx vitest run -u apps/server/test/brand-client-example.test.ts` writes it
    // (or `npm run generate -w examples/brand-client` against a running Tessera).
    await expect(fresh).toMatchFileSnapshot(SCHEMA_FILE);
  });

  it('issues a card, looks it up, redeems, refunds and lists its transactions over HTTP', async () => {
    const client = tesseraClient(base, await apiKeyFor(t));
    const result = await walk(client);
    expect(result.balanceAfterIssue).toBe(2500);
    expect(result.balanceAfterRedemption).toBe(1500);
    expect(result.balanceAfterRefund).toBe(1900);
    expect(result.transactions).toEqual([
      { kind: 'refund', amount: 400, balanceAfter: 1900 },
      { kind: 'redemption', amount: -1000, balanceAfter: 1500 },
      { kind: 'load', amount: 2500, balanceAfter: 2500 },
    ]);
  });

  it('says what the API refused: a key of another brand does not know the card', async () => {
    const demo = await walk(tesseraClient(base, await apiKeyFor(t)));
    const acme = tesseraClient(base, await apiKeyFor(t, 'ACME'));
    const answer = await acme.GET('/api/v1/cards/{id}', { params: { path: { id: demo.cardId } } });
    expect(answer.response.status).toBe(404);
    expect(answer.error?.code).toBe('CARD_NOT_FOUND');
  });
});
