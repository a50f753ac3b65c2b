import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.js';

// What the HTTP layer refuses before a route's own checks (no JSON, bad JSON, too large, no such
// route, and Node's own parser's refusals) answers as every other refusal: `{code, message}`,
// Cache-Control, the security headers. Over a real socket: the 431 never reaches Fastify.

const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
let port = 0;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    // The server may answer and close before a large body is written.
    req.on('error', reject);
    req.end(body);
  });
}

function expectRefusal(answer: Answer, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['x-frame-options']).toBe('DENY');
  expect(answer.headers['referrer-policy']).toBe('no-referrer');
  const body = JSON.parse(answer.body) as { code: string; message: string };
  expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(0);
}

const lookup = { 'x-flow-type': 'BALANCE' };
const json = JSON.stringify({ giftCardNumber: '6064000000000000101', securityCode: '123456' });

describe('the HTTP layer’s own refusals', () => {
  it('a body that is not JSON answers 415 whatever its Content-Type: a form, text, or none', async () => {
    expectRefusal(await send('POST', '/api/GiftCard/', { ...lookup, 'content-type': 'application/x-www-form-urlencoded' }, 'a=b'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectRefusal(await send('POST', '/api/GiftCard/', { ...lookup, 'content-type': 'text/plain' }, json), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectRefusal(await send('POST', '/api/GiftCard/', lookup, json), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectRefusal(await send('POST', '/api/Utility/Error', { 'content-type': 'text/plain' }, '{}'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('malformed JSON answers 400 saying so', async () => {
    const answer = await send('POST', '/api/GiftCard/', { ...lookup, 'content-type': 'application/json' }, '{"giftCardNumber":');
    expectRefusal(answer, 400, 'VALIDATION_ERROR');
    expect(JSON.parse(answer.body).message).toBe('The body is not valid JSON.');
  });

  it('a 2 MB body answers 413', async () => {
    const answer = await send('POST', '/api/GiftCard/', { ...lookup, 'content-type': 'application/json' }, Buffer.alloc(2_000_000, 'a')).catch(
      // The server may close the socket while the rest of the body is still being written.
      (error: NodeJS.ErrnoException) => ({ status: -1, headers: {}, body: error.code ?? '' }),
    );
    if (answer.status === -1) expect(['EPIPE', 'ECONNRESET']).toContain(answer.body);
    else expectRefusal(answer, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a 100 kB header or URL answers 431 from the parser, in the same shape and with the same headers', async () => {
    expectRefusal(await send('GET', '/api/v1/cards', { 'x-padding': 'a'.repeat(100_000) }), 431, 'HEADERS_TOO_LARGE');
    expectRefusal(await send('GET', `/api/v1/cards?reference=${'a'.repeat(100_000)}`, {}), 431, 'HEADERS_TOO_LARGE');
  });

  it('no such route answers 404 NOT_FOUND', async () => {
    expectRefusal(await send('GET', '/api/nothing-here', {}), 404, 'NOT_FOUND');
    expectRefusal(await send('DELETE', '/api/GiftCard/', {}), 404, 'NOT_FOUND');
  });

  it('an answer whose route sets no Cache-Control gets no-store: the crash report', async () => {
    const report = JSON.stringify({ id: randomUUID(), code: 'RENDER', message: 'boom' });
    const answer = await send('POST', '/api/Utility/Error', { 'content-type': 'application/json' }, report);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('a route’s own Cache-Control stays: the brand theme is public for a minute', async () => {
    const answer = await send('GET', '/api/theme/demo', {});
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
  });
});
