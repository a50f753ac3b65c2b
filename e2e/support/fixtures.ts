import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectReflow } from './reflow';

/** The demo cards of docs/product/common.md#demo-mode that these tests use. */
export const cards = {
  GIFT_BALANCE: { number: '6064 0000 0000 0000 101', secret: '482913' },
  GIFT_EMPTY: { number: '6064 0000 0000 0000 102', secret: '111902' },
  GIFT_GRACE: { number: '6064 0000 0000 0000 104', secret: '264018' },
  GIFT_EXPIRED: { number: '6064 0000 0000 0000 105', secret: '905527' },
  GIFT_NO_EXPIRY: { number: '6064 0000 0000 0000 106', secret: '318840' },
  GIFT_BELOW_FEE: { number: '6064 0000 0000 0000 103', secret: '730115' },
  GIFT_IDENTIFY: { number: '6064 0000 0000 0000 110', secret: '773415' },
  GIFT_ACME: { number: '6064 1000 0000 0000 201', secret: '402275' },
} as const;

export interface TestCard {
  number: string;
  secret: string;
}

/**
 * Cards a test changes for good (a reset code works once, a replaced card is blocked), per project:
 * the phone uses the demo cards themselves, the desktop their twins from support/extra-cards.csv
 * (imported by support/global-setup.ts), so both projects can run every test, in parallel.
 */
export function cardsFor(testInfo: TestInfo): {
  reset: TestCard & { recoveryCode: string };
  replace: TestCard;
  acmeReplace: TestCard;
  payout: TestCard;
  identify: TestCard;
} {
  const phone = testInfo.project.name === 'phone';
  return {
    // GIFT_RESET: balance 30,00, no expiry date, recovery code 654321
    reset: { number: phone ? '6064 0000 0000 0000 107' : '6064 0000 0009 0000 107', secret: '577301', recoveryCode: '654321' },
    // GIFT_REPLACE: balance 18,00
    replace: { number: phone ? '6064 0000 0000 0000 108' : '6064 0000 0009 0000 108', secret: '640092' },
    // ACME cards only for replacing (GIFT_ACME stays for the BALANCE tests): balance 35,00
    acmeReplace: phone ? { number: '6064 1000 0009 0001 301', secret: '402301' } : { number: '6064 1000 0009 0002 301', secret: '402302' },
    // GIFT_PAYOUT: balance 42,50, payout 40,00 after the fee of 2,50; paid out once
    payout: { number: phone ? '6064 0000 0000 0000 109' : '6064 0000 0009 0000 109', secret: '219936' },
    // GIFT_IDENTIFY: balance 20,00; registered once
    identify: { number: phone ? '6064 0000 0000 0000 110' : '6064 0000 0009 0000 110', secret: '773415' },
  };
}

const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');

/**
 * axe-core over the whole page: any violation fails the test, with the rule ids in the message.
 * Then reflow (WCAG 1.4.10, support/reflow.ts): the same screen at 320 px and at 200 % zoom
 * scrolls nowhere sideways and clips nothing, so every screen the suite checks is checked there.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const builder = new AxeBuilder({ page });
  // axe-core's default mode aggregates every frame's results in a blank page it opens for each
  // check, which is what lets it reach a cross-origin frame (the PIN frame, the embed inside a
  // brand's site), and costs 1-2 s a check. Its legacy mode runs once in the page, its frames
  // included, with the same rules and results, 4-6x faster: it is used wherever every frame
  // shares the page's origin (docs/decisions/034).
  if (!hasCrossOriginFrame(page)) builder.setLegacyMode(true);
  const results = await builder.analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, 'axe-core violations').toEqual([]);
  await expectReflow(page);
}

function hasCrossOriginFrame(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page.frames().some((frame) => {
    // about:blank and about:srcdoc frames take their parent's origin.
    if (!/^https?:/.test(frame.url())) return false;
    return new URL(frame.url()).origin !== origin;
  });
}

/**
 * A test whose outcome cannot depend on the window (server rendering, headers, a request, or one
 * that sets its own widths): it runs once, in the phone project; the desktop project leaves it out
 * (playwright.config.ts).
 */
export const ANY_WIDTH = '@any-width';

/**
 * Screenshots are for people to look at, and CI has no one looking: a run with CI set takes none
 * unless E2E_SCREENSHOTS=1 asks for them (a full-page screenshot costs about a second).
 */
export const takeScreenshots = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

/** A full-page screenshot under e2e/screenshots/<project>/, to look at (not in CI, above). */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!takeScreenshots) return;
  const dir = path.join(screenshotDir, testInfo.project.name);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** A screen reached: what shows it is visible, the page passes axe-core, and its screenshot is taken. */
export async function expectScreen(page: Page, testInfo: TestInfo, shown: Locator, shot: string): Promise<void> {
  await expect(shown).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, shot);
}

/** What the browser says about our policies: a CSP violation (reported below) or a Permissions-Policy it cannot read. */
const POLICY_PROBLEM = /^CSP violation|Permissions-Policy/;

/**
 * Every test fails when a page breaks its Content-Security-Policy (in any frame: the portal, the
 * embed, the PIN frame, the sandbox bank) or the browser rejects part of a Permissions-Policy
 * header: the pages run without 'unsafe-inline' styles (docs/security.md#headers), and a
 * violation would otherwise show only as a style that silently did not apply.
 */
/**
 * A server-rendered page is inert until the web app has taken it over (docs/decisions/022), as a
 * cardholder's typing would otherwise be lost; tests wait for that after every page load, as a
 * person waits for the page to respond.
 */
async function untilInteractive(page: Page, javaScriptEnabled: boolean): Promise<void> {
  // The web app starts after the page's first paint (docs/decisions/022), possibly after the load
  // event: without JavaScript the page stays as the server sent it, so there is nothing to wait for.
  if (!javaScriptEnabled) return;
  await page.waitForFunction(() => document.getElementById('tessera-state') === null && !document.getElementById('root')?.hasAttribute('inert'), undefined, {
    timeout: 15_000,
  });
}

export const test = base.extend<{ policyProblems: void }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await untilInteractive(page, javaScriptEnabled !== false);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await untilInteractive(page, javaScriptEnabled !== false);
      return response;
    };
    await use(page);
  },
  policyProblems: [
    async ({ context, page }, use) => {
      const problems: string[] = [];
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.effectiveDirective} refused ${event.blockedURI || 'inline'} on ${location.pathname} (${event.sample})`);
        });
      });
      const listen = (target: Page) =>
        target.on('console', (message) => {
          if (POLICY_PROBLEM.test(message.text())) problems.push(message.text());
        });
      // A server-rendered page the browser hydrates differently (React reports it as an uncaught
      // "recoverable" error, minified #418/#419/#423/#425 in production builds, docs/decisions/022).
      const hydration: string[] = [];
      const watchHydration = (target: Page) =>
        target.on('pageerror', (error) => {
          if (/Minified React error #4(18|19|2[0-9])\b|[Hh]ydrat/.test(error.message)) hydration.push(`${target.url()}: ${error.message.slice(0, 200)}`);
        });
      listen(page);
      watchHydration(page);
      context.on('page', listen);
      context.on('page', watchHydration);
      await use();
      expect(problems, 'CSP violations or Permissions-Policy errors in the browser').toEqual([]);
      expect(hydration, 'hydration mismatches').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
