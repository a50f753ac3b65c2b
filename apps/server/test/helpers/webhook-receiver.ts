import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookSenderOptions } from '../../src/adapters/webhook/http-sender.js';
import { webhookWorker } from './webhook-worker.js';
import type { TestApp } from './test-app.js';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local webhook receiver: answers the statuses queued in `answers` (then 200) and keeps what arrived. */
export class WebhookReceiver {
  readonly received: Received[] = [];
  answers: number[] = [];
  #server: Server | undefined;
  url = '';

  /** Listens on 127.0.0.1; `url` is then its address with `path`. */
  async start(path = '/hooks/tessera?token=abc'): Promise<void> {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.statusCode = this.answers.shift() ?? 200;
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}${path}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }
}

/** One outbox worker round for webhooks at the time given, as the server runs it (outside production unless told). */
export async function deliverWebhooksAt(t: Pick<TestApp, 'db' | 'deps'>, now: Date, options: { production?: boolean; lookup?: WebhookSenderOptions['lookup'] } = {}) {
  const worker = webhookWorker({ db: t.db, crypto: t.deps.crypto, now: () => now, ...options });
  const result = await worker.runOnce();
  await worker.stop();
  return result;
}
