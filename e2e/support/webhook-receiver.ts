import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { databaseFile } from '../playwright.config';

/**
 * A brand's webhook receiver, run by the test on 127.0.0.1 (demo mode allows any http URL, see
 * webhookUrlProblem): answers 500 while `failing`, else 200, and keeps what arrived.
 */
export class WebhookReceiver {
  readonly received: { headers: IncomingHttpHeaders; body: string; answered: number }[] = [];
  failing = false;
  #server: Server | undefined;
  url = '';

  async start(path: string): Promise<void> {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const answered = this.failing ? 500 : 200;
        this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
        response.statusCode = answered;
        response.end();
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}${path}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }
}

/**
 * Switches an endpoint off as the server does after 5 days of failures (delivery/webhooks/
 * endpoint-health.ts), in the e2e server's own database: a clock the browser cannot move.
 */
export function switchOffEndpoint(url: string): number {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the tests through e2e/playwright.config.ts');
  const db = new Database(databaseFile(dir));
  try {
    db.pragma('busy_timeout = 5000');
    const now = Date.now();
    return db
      .prepare('update webhook_endpoints set switched_off_at = ?, failing_since = ?, consecutive_failures = 50 where url = ? and removed_at is null')
      .run(new Date(now - 60_000).toISOString(), new Date(now - 6 * 86_400_000).toISOString(), url).changes;
  } finally {
    db.close();
  }
}
