import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.js';

const t = useTestApp({ seed: false });

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document listing the routes with their schemas', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/theme/{id}',
      '/api/css/theme/{id}/custom.css',
      '/api/translations/{slug}',
      '/api/Utility/Recaptcha',
      '/api/Utility/Error',
      '/api/GiftCard/',
      '/api/ReplaceCard/',
      '/api/recovery/{themeCode}/',
      '/api/replacecard/{themeCode}/replace',
      '/healthz',
      '/readyz',
    ]) {
      expect(paths, p).toContain(p);
    }
    const lookup = doc.paths['/api/GiftCard/'].post;
    const body = lookup.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['code', 'giftCardNumber', 'pinCode']));
    expect(Object.keys(lookup.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404', '413', '429']));

    const recovery = doc.paths['/api/recovery/{themeCode}/'].post;
    expect(recovery.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['cardNumber', 'otcNumber', 'securityCode']),
    );
    expect(recovery.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'themeCode' })]));
    const replace = doc.paths['/api/replacecard/{themeCode}/replace'].post;
    expect(replace.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['code', 'email', 'securityCode', 'balances']),
    );
    expect(Object.keys(replace.responses['200'].content['application/json'].schema.properties)).toEqual(['email']);
    // 409 IDEMPOTENCY_CONFLICT: only the calls that move money (a repeat with other parameters).
    expect(Object.keys(replace.responses)).toContain('409');
    expect(Object.keys(doc.paths['/api/Authentication/{themeCode}/customer'].post.responses)).toContain('409');
    expect(Object.keys(lookup.responses)).not.toContain('409');
    expect(doc.paths['/api/ReplaceCard/'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['code', 'giftCardNumber', 'pinCode']),
    );
  });

  it('names and describes every operation, requires x-flow-type where the server does, and declares the redirect', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const operations = Object.entries(doc.paths as Record<string, Record<string, { operationId?: string; description?: string; parameters?: { in: string; name: string; required?: boolean }[]; responses: Record<string, unknown> }>>)
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, ...op })));
    expect(operations.length).toBeGreaterThan(25);
    for (const op of operations) {
      expect(op.operationId, op.name).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.description, op.name).toBeTruthy();
    }
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);

    const flowHeader = (name: string) => operations.find((op) => op.name === name)?.parameters?.find((p) => p.in === 'header' && p.name === 'x-flow-type');
    for (const name of [
      'POST /api/GiftCard/',
      'POST /api/ReplaceCard/',
      'POST /api/replacecard/{themeCode}/replace',
      'POST /api/recovery/{themeCode}/',
      'POST /api/Payout/',
      'POST /api/Authentication/{themeCode}/customer',
      'GET /api/Authentication/{themeCode}/providers',
      'POST /api/visa/getPin/{themeCode}',
      'POST /api/cards/block',
    ]) {
      expect(flowHeader(name)?.required, name).toBe(true);
    }
    expect(flowHeader('POST /api/visa/GetHolderInformation/{themeCode}/')?.required, 'GetHolderInformation: optional').toBeFalsy();
    expect(Object.keys(operations.find((op) => op.name === 'GET /api/Authentication/return')!.responses)).toEqual(
      expect.arrayContaining(['303', '400']),
    );
  });
});
