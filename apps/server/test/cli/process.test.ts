import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURPOSE } from '../../src/crypto/index.js';
import { findCardByNumberIndex } from '../../src/db/repositories/cards.js';
import { recordPayout } from '../../src/flows/payout/record-payout.js';
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

  it('finds the ISO 20022 schemas next to the bundle and exports a payout file', async () => {
    const number = '6064000000000000109'; // GIFT_PAYOUT
    const card = (await findCardByNumberIndex(c.t.db, c.t.deps.crypto.blindIndex.candidates(PURPOSE.cardNumber, number)))!;
    const recorded = await c.t.db.transaction().execute((trx) =>
      recordPayout(trx, c.t.deps, { cardId: card.id, verifiedName: 'Zoë Straße', iban: 'NL69INGB0123456789' }, new Date()),
    );
    expect(recorded.kind).toBe('recorded');
    const cwd = path.dirname(c.file('payouts/.keep', ''));
    const env = { ...c.env, PAYOUT_DEBTOR_NAME: 'Tessera B.V.', PAYOUT_DEBTOR_IBAN: 'NL91ABNA0417164300' };
    const res = await runBuilt(['payouts', 'export', '--format', 'pain.001.001.03', '--out', 'batch.xml'], env, cwd);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Exported 1 payout (40.00 EUR) as pain.001.001.03 file');
    expect(readFileSync(path.join(cwd, 'batch.xml'), 'utf8')).toContain('<Nm>Zoe Strasse</Nm>');
  });
});
