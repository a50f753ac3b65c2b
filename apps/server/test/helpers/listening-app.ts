import axe from 'axe-core';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { logSink } from './flows.js';
import { createTestApp, sharedHandle, type TestApp } from './test-app.js';

/**
 * A test app that listens on a real port with PUBLIC_URL pointing at it, for flows where the
 * server talks to itself over HTTP (an OpenID Connect client discovering the sandbox provider
 * mounted in the same app). Its trace log is kept; `clock.at` moves the app's time (undefined:
 * the real time).
 */
export function useListeningApp(port: number) {
  const base = `http://localhost:${port}`;
  const log = logSink();
  const clock: { at: number | undefined } = { at: undefined };
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp({
      env: { PORT: String(port), PUBLIC_URL: base, RATE_LIMIT_PER_MINUTE: '100000' },
      logger: createLogger({ logLevel: 'trace' }, log.stream),
      now: () => (clock.at === undefined ? new Date() : new Date(clock.at)),
    });
    await current.app.listen({ port, host: 'localhost' });
  });
  afterAll(async () => {
    await current?.close();
  });
  return { t: sharedHandle(() => current, 'useListeningApp'), base, log, clock };
}

/** axe-core's violations of a page (colour contrast needs real layout: left to the browser tests). */
export async function axeViolations(html: string, url: string) {
  const dom = new JSDOM(html, { url, runScripts: 'outside-only' });
  const window = dom.window as unknown as { eval(code: string): void; axe: typeof axe; document: unknown };
  window.eval(axe.source);
  const result = await window.axe.run(window.document as never, { rules: { 'color-contrast': { enabled: false } } });
  dom.window.close();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
