import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportUndeclaredStatuses } from '../../src/http/declared-statuses.js';

const reports: [string, number, string?][] = [];
const app = Fastify();
beforeAll(async () => {
  reportUndeclaredStatuses(app, (route, status, mediaType) => reports.push(mediaType ? [route, status, mediaType] : [route, status]));
  app.get('/declared', { schema: { response: { 200: { type: 'object' }, 404: { type: 'object' } } } }, async (request, reply) =>
    reply.code((request.query as { status?: string }).status === '404' ? 404 : 200).send({}),
  );
  // The typed reply allows only declared statuses: drift is what this route is here to show.
  app.get('/drifted', { schema: { response: { 200: { type: 'string' } } } }, async (_request, reply) => reply.code(303 as never).send());
  app.get('/ranged', { schema: { response: { '2xx': { type: 'string' } } } }, async (_request, reply) => reply.code(204).send());
  app.get('/undocumented', { schema: {} }, async () => 'x');
  // JSON by default; another media type only where the answer declares it.
  app.get('/json', { schema: { response: { 200: { type: 'object' } } } }, async (request, reply) =>
    (request.query as { as?: string }).as === 'css' ? reply.type('text/css').send('a{}') : reply.send({}),
  );
  app.get('/css', { schema: { response: { 200: { content: { 'text/css': { schema: { type: 'string' } } } } } } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send('a{}'),
  );
  app.get('/hidden', { schema: { hide: true } as object }, async () => 'x');
  await app.ready();
});
afterAll(() => app.close());

describe('the undeclared status check', () => {
  it('reports a status the route does not declare, and a route that declares none', async () => {
    await app.inject('/drifted');
    await app.inject('/undocumented');
    expect(reports).toEqual([
      ['GET /drifted', 303],
      ['GET /undocumented', 200],
    ]);
  });

  it('reports an answer of a declared status served as a media type the status does not declare', async () => {
    reports.length = 0;
    await app.inject('/json?as=css');
    await app.inject('/json');
    await app.inject('/css');
    expect(reports).toEqual([['GET /json', 200, 'text/css']]);
  });

  it('is silent for declared statuses and ranges, hidden routes and unknown paths', async () => {
    reports.length = 0;
    await app.inject('/declared');
    await app.inject('/declared?status=404');
    await app.inject('/ranged');
    await app.inject('/hidden');
    await app.inject('/nowhere');
    expect(reports).toEqual([]);
  });
});
