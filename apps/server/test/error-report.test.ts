import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.js';

const t = useTestApp();

const report = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/Utility/Error', payload: payload as Record<string, unknown>, headers: { 'user-agent': 'vitest' } });

describe('POST /api/Utility/Error', () => {
  it('stores a report and answers its id', async () => {
    const id = randomUUID();
    const res = await report({ id, code: 'REACT_COMPONENT_ERROR', message: 'Cannot read properties of undefined', info: 'at Amount (amount.tsx:12)' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id });
    const row = await t.db.selectFrom('error_reports').selectAll().where('report_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ code: 'REACT_COMPONENT_ERROR', message: 'Cannot read properties of undefined', user_agent: 'vitest' });
  });

  it('removes anything that looks like a card number', async () => {
    const id = randomUUID();
    await report({ id, code: 'REACT_COMPONENT_ERROR', message: 'bad card 6064 0000 0000 0000 101 here' });
    const row = await t.db.selectFrom('error_reports').select('message').where('report_id', '=', id).executeTakeFirstOrThrow();
    expect(row.message).toBe('bad card [number removed] here');
  });

  it('refuses a bad report with 400 VALIDATION_ERROR listing the fields', async () => {
    const res = await report({ id: 'not-a-uuid', code: '', message: 'x'.repeat(2001) });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.fields.map((f: { path: string }) => f.path).sort()).toEqual(['code', 'id', 'message']);
  });
});
