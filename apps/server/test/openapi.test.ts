import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

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
    expect(doc.paths['/api/ReplaceCard/'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['code', 'giftCardNumber', 'pinCode']),
    );
  });
});
