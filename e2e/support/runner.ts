import type { PlaywrightTestConfig } from '@playwright/test';

// What the portal's browser tests (playwright.config.ts) and the rehearsal's walk
// (production/playwright.config.ts) run alike.

/** Two workers, no retries, no test.only on CI; CI also writes a JSON report, from which .ci/run prints one closing 'N passed, N failed' line. */
export const runnerSettings = {
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.E2E_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]] : [['list']],
} satisfies PlaywrightTestConfig;

/** Debian's Chromium (test tools may not download browsers here), quiet and without a sandbox, with `extraArgs` too. */
export const chromiumLaunchOptions = (extraArgs: string[] = []) => ({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extraArgs],
});
