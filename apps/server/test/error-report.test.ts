import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HousekeepingSweeper } from '../src/app/housekeeping.js';
import { createTestApp, type TestApp, useTestApp } from './helpers/test-app.js';

let clock = new Date('2030-01-01T12:00:00.000Z');
const t = useTestApp({ now: () => clock });

const reportTo = (app: TestApp, payload: unknown, headers: Record<string, string> = { 'user-agent': 'vitest' }) =>
  app.app.inject({ method: 'POST', url: '/api/Utility/Error', payload: payload as Record<string, unknown>, headers });
const report = (payload: unknown, headers?: Record<string, string>) => reportTo(t, payload, headers);
const stored = (app: TestApp, id: string) => app.db.selectFrom('error_reports').selectAll().where('report_id', '=', id).executeTakeFirst();
const silent = { info: () => undefined, error: () => undefined };
const DAY = 24 * 60 * 60_000;

describe('POST /api/Utility/Error', () => {
  it('stores a report and answers its id', async () => {
    const id = randomUUID();
    const res = await report({ id, code: 'REACT_COMPONENT_ERROR', message: 'Cannot read properties of undefined', info: 'at Amount (amount.tsx:12)' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id });
    expect(await stored(t, id)).toMatchObject({
      code: 'REACT_COMPONENT_ERROR',
      message: 'Cannot read properties of undefined',
      info: 'at Amount (amount.tsx:12)',
      user_agent: 'vitest',
    });
  });

  it('masks every run of 4 or more digits, also with spaces or dashes between them', async () => {
    const id = randomUUID();
    await report({
      id,
      code: 'REACT_COMPONENT_ERROR',
      message: 'bad card 6064 3650 1234 5678 here, code 482913, iban NL91-ABNA-0417-1643-00, pin 12-34',
      info: 'fullwidth ６０６４ ３６５０, split 60\u200b64 3650, kept: line 12:345, status 404, v1.2.3',
    });
    const row = await stored(t, id);
    expect(row?.message).toBe('bad card [digits] here, code [digits], iban NL91-ABNA-[digits], pin [digits]');
    expect(row?.info).toBe('fullwidth [digits], split [digits], kept: line 12:345, status 404, v1.2.3');
  });

  it('strips control characters but keeps newlines and tabs', async () => {
    const id = randomUUID();
    await report(
      {
        id,
        code: 'REACT\u0007_COMPONENT_ERROR',
        message: 'clear \u001b[2Jscreen\u0000 and \u009b31m C1, \u202eright-to-left\u202c and back',
        info: 'at A (a.tsx:1)\r\n\tat B (b.tsx:2)\rat C\u2028at D',
      },
      { 'user-agent': 'agent\u0085x' },
    );
    const row = await stored(t, id);
    expect(row).toMatchObject({
      code: 'REACT_COMPONENT_ERROR',
      message: 'clear [2Jscreen and 31m C1, right-to-left and back',
      info: 'at A (a.tsx:1)\n\tat B (b.tsx:2)\nat C\nat D',
      user_agent: 'agentx',
    });
  });

  it('refuses a bad report with 400 VALIDATION_ERROR listing the fields', async () => {
    const res = await report({ id: 'not-a-uuid', code: '', message: 'x'.repeat(2001) });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.fields.map((f: { path: string }) => f.path).sort()).toEqual(['code', 'id', 'message']);
  });
});

describe('error report retention', () => {
  it('deletes reports older than 30 days by default and keeps the fresh ones', async () => {
    expect(t.config.errorReportRetentionDays).toBe(30);
    const start = new Date('2030-03-01T12:00:00.000Z');
    const old = randomUUID();
    const fresh = randomUUID();
    clock = start;
    expect((await report({ id: old, code: 'REACT_COMPONENT_ERROR', message: 'old' })).statusCode).toBe(200);
    clock = new Date(start.getTime() + 2 * DAY);
    expect((await report({ id: fresh, code: 'REACT_COMPONENT_ERROR', message: 'fresh' })).statusCode).toBe(200);

    // 30 days and a minute after the first report, 28 days after the second.
    clock = new Date(start.getTime() + 30 * DAY + 60_000);
    const sweeper = new HousekeepingSweeper(t.config, { db: t.db, logger: silent, now: () => clock });
    expect((await sweeper.runOnce()).errorReports).toBeGreaterThanOrEqual(1);
    expect(await stored(t, old)).toBeUndefined();
    expect(await stored(t, fresh)).toBeDefined();
    // A second sweep, as another replica would run it at the same time: nothing more goes.
    expect((await sweeper.runOnce()).errorReports).toBe(0);
    expect(await stored(t, fresh)).toBeDefined();
  });

  it('keeps reports ERROR_REPORT_RETENTION_DAYS, swept at start and on a timer', async () => {
    let now = new Date('2030-06-01T00:00:00.000Z');
    const app = await createTestApp({ env: { ERROR_REPORT_RETENTION_DAYS: '7' }, now: () => now, seed: false });
    try {
      const old = randomUUID();
      const fresh = randomUUID();
      await reportTo(app, { id: old, code: 'REACT_COMPONENT_ERROR', message: 'eight days ago' });
      now = new Date(now.getTime() + 2 * DAY);
      await reportTo(app, { id: fresh, code: 'REACT_COMPONENT_ERROR', message: 'six days ago' });
      now = new Date(now.getTime() + 6 * DAY);

      const sweeper = new HousekeepingSweeper(app.config, { db: app.db, logger: silent, now: () => now, intervalMs: 20 });
      sweeper.start();
      await expect.poll(async () => (await stored(app, old)) === undefined).toBe(true);
      expect(await stored(app, fresh)).toBeDefined();
      // Two days later the second one is past seven days too, and the timer's next sweep takes it.
      now = new Date(now.getTime() + 2 * DAY);
      await expect.poll(async () => (await stored(app, fresh)) === undefined).toBe(true);
      await sweeper.stop();
    } finally {
      await app.close();
    }
  });
});
