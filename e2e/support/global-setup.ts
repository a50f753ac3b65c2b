import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Runs once the server is up (Playwright starts `webServer` before global setup): imports the cards
 * of support/extra-cards.csv with the operator's tool, into the server's own database and with its
 * environment (demo mode: the keys file next to the SQLite file). The demo data has one card of each
 * kind, and a card can be reset or replaced once; both projects (phone, desktop) run every test, so
 * the second project gets twins of those cards (support/fixtures.ts `cardsFor`).
 */
export default function globalSetup(config: FullConfig): void {
  const webServer = config.webServer;
  if (!webServer?.env?.DATABASE_URL) throw new Error('global setup: the webServer has no DATABASE_URL');
  // reflow-cards.csv: the cards tests/reflow-zoom.spec.ts walks to the confirmation pages with (a
  // Visa card among them, hence a file with the holder's columns).
  for (const file of ['extra-cards.csv', 'reflow-cards.csv']) {
    execFileSync(process.execPath, ['apps/server/dist/cli.js', 'cards', 'import', path.join(import.meta.dirname, file)], {
      cwd: root,
      env: { ...process.env, ...webServer.env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  // A brand API key of DEMO, as the operator makes one, for the tests that play the brand's till
  // (docs/brand-api.md). Workers start after global setup and inherit the environment.
  const created = execFileSync(
    process.execPath,
    ['apps/server/dist/cli.js', 'api-keys', 'create', '--brand', 'DEMO', '--name', 'e2e till', '--scopes', 'cards:read,cards:write,redemptions:write', '--json'],
    { cwd: root, env: { ...process.env, ...webServer.env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  process.env.E2E_BRAND_API_KEY = (JSON.parse(created.toString('utf8')) as { key: string }).key;
}
