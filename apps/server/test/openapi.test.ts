import { CARD_NUMBER_AS_TYPED } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { REQUEST_EXAMPLES } from '../src/app/api-document/schema-names.js';
import { type Json, servedDocument } from './helpers/api-document.js';
import { useTestApp } from './helpers/test-app.js';

const t = useTestApp({ seed: false });

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document listing the routes with their schemas', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const { doc, schema } = await servedDocument(t.app);
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
    const body = schema(lookup.requestBody.content['application/json'].schema);
    expect(body.required).toEqual(expect.arrayContaining(['code', 'giftCardNumber', 'pinCode']));
    expect(Object.keys(lookup.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404', '413', '429']));

    const recovery = doc.paths['/api/recovery/{themeCode}/'].post;
    expect(schema(recovery.requestBody.content['application/json'].schema).required).toEqual(
      expect.arrayContaining(['cardNumber', 'otcNumber', 'securityCode']),
    );
    expect(recovery.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'themeCode' })]));
    const replace = doc.paths['/api/replacecard/{themeCode}/replace'].post;
    expect(schema(replace.requestBody.content['application/json'].schema).required).toEqual(
      expect.arrayContaining(['code', 'email', 'securityCode', 'balances']),
    );
    expect(Object.keys(schema(replace.responses['200'].content['application/json'].schema).properties)).toEqual(['email']);
    // 409 IDEMPOTENCY_CONFLICT: only the calls that move money (a repeat with other parameters).
    expect(Object.keys(replace.responses)).toContain('409');
    expect(Object.keys(doc.paths['/api/Authentication/{themeCode}/customer'].post.responses)).toContain('409');
    expect(Object.keys(lookup.responses)).not.toContain('409');
    expect(schema(doc.paths['/api/ReplaceCard/'].post.requestBody.content['application/json'].schema).required).toEqual(
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

const operationsOf = (doc: Json) =>
  Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, path, method, ...op }) as Json),
  );

describe('what the document tells a client', () => {
  it('names the models in components.schemas, and the operations reference them', async () => {
    const { doc, schema } = await servedDocument(t.app);
    const names = Object.keys(doc.components.schemas);
    for (const name of ['Error', 'Money', 'Card', 'IssuedCard', 'GiftCard', 'Transaction', 'TransactionPage', 'Redemption', 'Refund', 'Load', 'IdentityProviders', 'IdentitySession', 'RecordedPayout', 'IdentifiedCard', 'VisaHolderInformation', 'VisaCodeSent', 'VisaActivation', 'VisaPinRetrieval']) {
      expect(names, name).toContain(name);
    }
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const answer = (name: string, status = '200') => operationsOf(doc).find((op) => op.name === name)!.responses[status].content['application/json'].schema;
    expect(answer('GET /api/v1/cards/{id}')).toEqual(ref('Card'));
    expect(answer('POST /api/v1/cards/{id}/redemptions', '201')).toEqual(ref('Redemption'));
    expect(answer('POST /api/v1/redemptions/{id}/refunds', '201')).toEqual(ref('Refund'));
    expect(answer('POST /api/v1/cards/{id}/loads', '201')).toEqual(ref('Load'));
    expect(answer('POST /api/GiftCard/')).toEqual(ref('GiftCard'));
    expect(schema(answer('GET /api/v1/cards/{id}/transactions')).properties.items.items).toEqual(ref('Transaction'));
    expect(schema(ref('Card')).properties.balances.items).toEqual(ref('Money'));
    // Every schema kept is used, and no request-side copy says the same as its answer-side one.
    const text = JSON.stringify(doc.paths) + JSON.stringify(doc.components.schemas);
    for (const name of names) expect(text, name).toContain(`"#/components/schemas/${name}"`);
  });

  it('writes the error schema once: every JSON error answer references it', async () => {
    const { doc } = await servedDocument(t.app);
    const text = JSON.stringify(doc);
    expect(text.match(/"fields"/g)).toHaveLength(1);
    for (const op of operationsOf(doc)) {
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        // Not ready is the readiness report itself, with its checks.
        if (Number(status) < 400 || !response.content['application/json'] || `${op.name} ${status}` === 'GET /readyz 503') continue;
        expect(response.content['application/json'].schema, `${op.name} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
      }
    }
  });

  it('declares on every operation the refusals of the HTTP layer, and their headers', async () => {
    const { doc } = await servedDocument(t.app);
    const header = (name: string) => ({ $ref: `#/components/headers/${name}` });
    for (const op of operationsOf(doc)) {
      const statuses = Object.keys(op.responses);
      expect(statuses, op.name).toEqual(expect.arrayContaining(['431', '500']));
      if (op.requestBody) expect(statuses, op.name).toEqual(expect.arrayContaining(['400', '413', '415']));
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        if (status === '431') continue;
        expect(response.headers?.['X-Request-Id'], `${op.name} ${status}`).toEqual(header('X-Request-Id'));
        if (status === '429') expect(response.headers['Retry-After'], op.name).toEqual(header('Retry-After'));
      }
    }
    expect(doc.components.headers['Retry-After'].required).toBe(true);
    // A per-address limit: its counts on every answer, and 429.
    const lookup = operationsOf(doc).find((op) => op.name === 'POST /api/GiftCard/')!;
    expect(lookup.responses['200'].headers).toMatchObject({ 'X-RateLimit-Limit': header('X-RateLimit-Limit'), 'X-RateLimit-Remaining': header('X-RateLimit-Remaining') });
    expect(Object.keys(lookup.responses)).toContain('429');
  });

  it('secures the brand API with the bearer key, says security: [] elsewhere, and names PUBLIC_URL as its server', async () => {
    const { doc } = await servedDocument(t.app);
    expect(doc.servers).toEqual([expect.objectContaining({ url: t.config.publicUrl.replace(/\/+$/, '') })]);
    for (const op of operationsOf(doc)) {
      expect(op.security, op.name).toEqual(op.path.startsWith('/api/v1/') ? [{ bearerAuth: [] }] : []);
      if (op.path.startsWith('/api/v1/') && op.method === 'post') {
        expect(op.parameters, op.name).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true, schema: { type: 'string', minLength: 1, maxLength: 255 } }));
        const ok = Object.entries(op.responses as Record<string, Json>).find(([status]) => status.startsWith('2'))![1];
        expect(ok.headers['Idempotent-Replayed'], op.name).toEqual({ $ref: '#/components/headers/Idempotent-Replayed' });
      }
    }
    const flowType = operationsOf(doc).find((op) => op.name === 'POST /api/GiftCard/')!.parameters.find((p: Json) => p.name === 'x-flow-type');
    expect(flowType.description).toContain('FLOW_UNAVAILABLE');
    expect(JSON.stringify(doc.components.schemas.GiftCardLookupRequest.properties['g-recaptcha-response'])).toContain('CAPTCHA_INVALID');
  });

  it('declares the media types the answers are served as', async () => {
    const { doc } = await servedDocument(t.app);
    const media = (name: string, status: string) => Object.keys(operationsOf(doc).find((op) => op.name === name)!.responses[status].content ?? {});
    expect(media('GET /api/css/theme/{id}/custom.css', '200')).toEqual(['text/css']);
    expect(media('GET /api/assets/{slug}/{name}', '200')).toEqual(expect.arrayContaining(['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp', 'image/gif']));
    expect(media('GET /api/Authentication/return', '400')).toEqual(['text/html']);
    expect(media('GET /pin-frame', '200')).toEqual(['text/html']);
    expect(media('GET /metrics', '200')).toEqual(['text/plain']);
    expect(media('GET /api/theme/{id}', '304')).toEqual([]);
    expect(media('GET /api/Authentication/return', '303')).toEqual([]);
  });

  it('states the constraints the server checks', async () => {
    const { doc, schema } = await servedDocument(t.app);
    const schemas = doc.components.schemas;
    expect(schemas.GiftCardLookupRequest.properties.giftCardNumber).toMatchObject({ type: 'string', maxLength: 64, pattern: CARD_NUMBER_AS_TYPED.source });
    expect(schemas.CardLookupRequest.properties.cardNumber.pattern).toBe(CARD_NUMBER_AS_TYPED.source);
    expect(schema(schemas.RedemptionRequest.properties.amount).properties.assetCode).toMatchObject({ type: 'string', pattern: '^[A-Z]{3}$' });
    expect(schema(schemas.IssueCardRequest.properties.balance).properties.assetCode.pattern).toBe('^[A-Z]{3}$');
    expect(schemas.VisaHolderInformationUpdate.properties.dateOfBirth).toMatchObject({ type: 'string', format: 'date' });
    expect(schemas.IssueCardRequest.properties.expiresAt).toMatchObject({ type: 'string', format: 'date' });
    const parameter = (name: string, key: string) => operationsOf(doc).find((op) => op.name === name)!.parameters.find((p: Json) => p.name === key);
    expect(parameter('GET /api/translations/{slug}', 'culture').schema).toMatchObject({ type: 'string', pattern: '^[A-Za-z]{2}$' });
    const limit = parameter('GET /api/v1/cards/{id}/transactions', 'limit').schema;
    expect(limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    expect(limit.pattern).toBeUndefined();
  });
});

describe('the document’s request examples', () => {
  it('each parses with the schema the server validates that body with', () => {
    expect(REQUEST_EXAMPLES.length).toBeGreaterThanOrEqual(8);
    for (const [schema, example] of REQUEST_EXAMPLES) expect(schema.safeParse(example).error, JSON.stringify(example)).toBeUndefined();
  });
});
