import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { callReplica, REHEARSAL_STAFF, STAFF_SESSION_COOKIE, type StaffSessionHandOver } from './back-office';
import type { Replica, Stack } from './stack';

// The back office's session across a SIGKILL (docs/decisions/033): tests/back-office.spec.ts signs
// in and hands over its cookies and the request id of the callback that made the session; here the
// replica that answered that callback is found by its log, the same cookies go on in a browser, and
// while that replica is dead the session must answer through Caddy and through the survivor.

/** The hand-over of the browser test, or undefined when it left none (it failed before the end). */
export function readHandOver(dir: string): StaffSessionHandOver | undefined {
  const file = path.join(dir, 'staff-session.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StaffSessionHandOver) : undefined;
}

/** The replicas whose log has the callback's request id (Caddy's X-Request-Id, logged with each request): one, if all is well. */
export function replicasThatAnswered(stack: Stack, requestId: string): Replica[] {
  const needle = `"reqId":${JSON.stringify(requestId)}`;
  return stack.replicas.filter((r) => readFileSync(r.logFile, 'utf8').includes(needle));
}

export interface SessionProbe {
  ok: boolean;
  what: string;
}

/** The staff member's browser, going on with the cookies the browser test ended with. */
export class StaffBrowser {
  private constructor(
    private readonly browser: Browser,
    private readonly page: Page,
    private readonly stack: Stack,
    private readonly handOver: StaffSessionHandOver,
    readonly sessionId: string,
  ) {}

  static async open(stack: Stack, handOver: StaffSessionHandOver): Promise<StaffBrowser> {
    const state = JSON.parse(readFileSync(handOver.storageState, 'utf8')) as { cookies: Array<{ name: string; value: string }> };
    const sessionId = state.cookies.find((c) => c.name === STAFF_SESSION_COOKIE)?.value;
    if (!sessionId) throw new Error('the browser test handed over no session cookie');
    // As playwright.config.ts launches it: Caddy's CA is not in Chromium's store.
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const context = await browser.newContext({ storageState: handOver.storageState, ignoreHTTPSErrors: true, baseURL: stack.backOfficeUrl });
      return new StaffBrowser(browser, await context.newPage(), stack, handOver, sessionId);
    } catch (error) {
      await browser.close();
      throw error;
    }
  }

  /**
   * The card page in the browser through Caddy (the blocked card, read with the session), the
   * session's /admin/api/me from the page, and the same call straight to `replica`'s port.
   */
  async probe(replica: Replica): Promise<SessionProbe[]> {
    const probes: SessionProbe[] = [];
    const started = Date.now();
    try {
      await this.page.goto(`/admin/cards/${this.handOver.cardId}`);
      await this.page.getByRole('button', { name: 'Unblock card' }).waitFor({ timeout: 15_000 });
      const me = await this.page.evaluate(async () => {
        const res = await fetch('/admin/api/me');
        return { status: res.status, email: res.ok ? ((await res.json()) as { email: string }).email : null };
      });
      probes.push({ ok: me.status === 200 && me.email === REHEARSAL_STAFF.email, what: `through Caddy: the card page shows the blocked card, /admin/api/me ${me.status} (${Date.now() - started} ms)` });
    } catch (error) {
      probes.push({ ok: false, what: `through Caddy: ${(error as Error).message.split('\n')[0]}` });
    }
    try {
      const direct = await callReplica(replica.port, this.stack.backOfficeUrl, this.sessionId, 'GET', '/admin/api/me');
      const email = (direct.body as { email?: string } | undefined)?.email;
      probes.push({ ok: direct.status === 200 && email === REHEARSAL_STAFF.email, what: `straight to ${replica.name}: /admin/api/me ${direct.status}` });
    } catch (error) {
      probes.push({ ok: false, what: `straight to ${replica.name}: ${(error as Error).message}` });
    }
    return probes;
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}

/**
 * The staff's browser opened and probed in the background, so the burst need not wait for it: the
 * kill comes a quarter into the burst, and each later probe waits for the browser (and for the
 * probe before it: they share one page).
 */
export class StaffSessionFollower {
  /** The probe of the session before the kill, straight to the replica that made it. */
  readonly before: Promise<SessionProbe[]>;
  readonly #browser: Promise<StaffBrowser | undefined>;
  #last: Promise<unknown>;

  constructor(stack: Stack, handOver: StaffSessionHandOver, maker: Replica) {
    const opening = StaffBrowser.open(stack, handOver);
    this.#browser = opening.catch(() => undefined);
    this.before = opening.then(
      (browser) => browser.probe(maker),
      (error: Error) => [{ ok: false, what: `the staff's browser did not open: ${error.message}` }],
    );
    this.#last = this.before;
  }

  probe(replica: Replica): Promise<SessionProbe[]> {
    const next = this.#last.then(async () => {
      const browser = await this.#browser;
      return browser ? browser.probe(replica) : [{ ok: false, what: "the staff's browser did not open" }];
    });
    this.#last = next;
    return next;
  }

  async close(): Promise<void> {
    await (await this.#browser)?.close();
  }
}
