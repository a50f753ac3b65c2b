import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const REDOCLY = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');

// A deployment's own address: the lint rightly warns of a document whose server is localhost.
const t = useTestApp({ seed: false, env: { PUBLIC_URL: 'https://cards.tessera.test' } });
const dir = mkdtempSync(path.join(tmpdir(), 'tessera-openapi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

describe('the served API document', () => {
  it("passes Redocly's recommended lint (redocly.yaml) with nothing but the identity return's missing 2xx", async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, res.body);
    // The lint exits 1 on errors; its JSON report is what counts, so a non-zero exit is read too.
    const { stdout } = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: Problem[] };
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual(['warn operation-2xx-response #/paths/~1api~1Authentication~1return/get/responses: Operation must have at least one `2XX` response.']);
    expect(report.totals.errors).toBe(0);
  }, 60_000);
});
