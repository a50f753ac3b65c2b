import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions, runnerSettings } from '../support/runner';

// The rehearsal's browser walk (npm run test:production; rehearsal.ts starts the stack and runs
// this with its addresses): Chromium over HTTPS through Caddy, on a phone. Caddy's internal CA is
// not in Chromium's store, so certificate errors are ignored in the browser only; Tessera and
// the broker check every certificate they meet.
const portal = process.env.REHEARSAL_PORTAL_URL;
if (!portal) throw new Error('run through npm run test:production (e2e/production/rehearsal.ts)');

export default defineConfig({
  testDir: './tests',
  outputDir: '../../test-results/production',
  ...runnerSettings,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: portal,
    ignoreHTTPSErrors: true,
    trace: 'retain-on-failure',
    ...devices['Pixel 7'],
    defaultBrowserType: 'chromium',
    launchOptions: chromiumLaunchOptions(),
  },
});
