import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions, runnerSettings } from './support/runner';

// The browser tests run the built server (`npm run build` first) on a fresh SQLite database in
// demo mode, exactly as `npm start` does, and drive Debian's Chromium (support/runner.ts).
const PORT = Number(process.env.E2E_PORT ?? 8090);
// Made once, by the runner: its workers load this file again and inherit the path from it, so
// the tests that change the server's database directly (support/staff-sessions.ts) find it.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'tessera-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const root = path.resolve(import.meta.dirname, '..');

export const baseURL = `http://localhost:${PORT}`;
/** The e2e server's SQLite file in its data directory. */
export const databaseFile = (dir: string) => path.join(dir, 'tessera.db');

export default defineConfig({
  testDir: './tests',
  // After the server is up: the cards the second project needs (support/global-setup.ts).
  globalSetup: './support/global-setup.ts',
  outputDir: '../test-results',
  ...runnerSettings,
  // Several tests walk a whole flow (captcha proof of work included) and then check it through a
  // second flow; on a loaded 2-core machine 30 s was too tight for them (one timed out at 32 s).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions([
      // The embed tests play a brand's public site (https://www.acme.example, answered by
      // Playwright) framing the portal on localhost. Chromium's local network protection
      // blocks a public page from reaching localhost; in production both are public.
      '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessRespectPreflightResults',
    ]),
  },
  projects: [
    { name: 'phone', testIgnore: /after-all\//, use: { ...devices['Pixel 7'], defaultBrowserType: 'chromium' } },
    // Tests tagged ANY_WIDTH (support/fixtures.ts) cannot come out otherwise at 1280 px: once, above.
    { name: 'desktop', testIgnore: /after-all\//, grepInvert: /@any-width/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } },
    // Tests that change a card every other test relies on (GIFT_BALANCE): alone, once the rest is
    // done, and one file at a time, since each changes that card and puts it back.
    { name: 'after-all', testMatch: /after-all\/.*\.spec\.ts$/, dependencies: ['phone', 'desktop'], workers: 1, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } },
  ],
  webServer: {
    command: 'node --enable-source-maps apps/server/dist/main.js',
    cwd: root,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      PUBLIC_URL: baseURL,
      PIN_FRAME_URL: `http://127.0.0.1:${PORT}`,
      DATABASE_URL: `file:${databaseFile(dataDir)}`,
      // The real built-in captcha, at a difficulty a test solves in milliseconds.
      CAPTCHA_PROVIDER: 'altcha',
      ALTCHA_MAX_NUMBER: '2000',
      RATE_LIMIT_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
    },
  },
});
