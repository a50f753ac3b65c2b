import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliTest, type CliTest, lookupGiftCard } from './support.js';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const cliJs = path.join(serverDir, 'dist', 'cli.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the server (dist/main.js and dist/cli.js) when the CLI bundle is missing or older than the source. */
function ensureBuilt(): void {
  if (existsSync(cliJs) && statSync(cliJs).mtimeMs >= newestMtime(path.join(serverDir, 'src'))) return;
  const result = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the server did not build:\n${result.stderr}`);
}

function runBuilt(args: string[], env: Record<string, string>, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cliJs, ...args], { cwd, env: { PATH: process.env.PATH ?? '', ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as NodeJS.ErrnoException & { code?: unknown }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

let c: CliTest;
beforeAll(async () => {
  ensureBuilt();
  c = await createCliTest();
}, 60_000);
afterAll(async () => {
  await c.close();
});

describe('the built tessera command', () => {
  it('prints its help, refuses an unknown command with exit 2, and imports cards', async () => {
    const cwd = path.dirname(c.file('cards.csv', 'brand,kind,card_number,security_code,balance\r\nDEMO,giftcard,"6064 9100 0000 0000 001",918273,4200\r\n'));
    const help = await runBuilt(['--help'], c.env, cwd);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('cards import');

    const unknown = await runBuilt(['nope'], c.env, cwd);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('tessera --help');

    const imported = await runBuilt(['cards', 'import', 'cards.csv'], c.env, cwd);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout.trim()).toBe('Imported 1 card (1 giftcard; brands: DEMO 1).');
    const lookup = await lookupGiftCard(c.t, 'DEMO', '6064910000000000001', '918273');
    expect(lookup.json().balances[0].quantity.value).toBe(4200);

    const again = await runBuilt(['cards', 'import', 'cards.csv'], c.env, cwd);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('line 2: card number XXXXXXXXXXXXXXXX001 is already in the database');
  });
});
