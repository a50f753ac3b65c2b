import { randomUUID } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { type Crypto, PURPOSE } from '../../crypto/index.js';
import type { Executor } from '../../db/repositories/executor.js';
import { findWebhookEndpoint, insertWebhookDelivery } from '../../db/repositories/webhooks.js';
import type { WebhookMessage } from '../../delivery/message.js';
import { type DeliveryAttempt, DeliveryError, type DeliveryPort } from '../../delivery/port.js';
import { noteWebhookOutcome } from '../../delivery/webhooks/endpoint-health.js';
import { isPublicAddress, webhookUrlProblem } from '../../domain/webhook-target.js';

export interface WebhookSenderOptions {
  db: Executor;
  crypto: Crypto;
  now: () => Date;
  /** Production: https only, and every address a name resolves to must be public. */
  production: boolean;
  /** The whole exchange, connection to the answer's last byte (Standard Webhooks, Svix: 15 s at most). */
  timeoutMs: number;
  /** DNS resolution; tests answer a name with a chosen address. */
  lookup?: typeof dnsLookup;
}

/** A delivery refused before any connection: the target is not a public address. */
class TargetRefused extends Error {
  override name = 'TargetRefused';
}

/**
 * Delivers webhook events over HTTP(S), signed as Standard Webhooks prescribes (the
 * `standardwebhooks` package: `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,…` over
 * "id.timestamp.body"). The endpoint's URL and secret are read at each attempt, so a removed
 * endpoint receives nothing more. Every attempt is kept in webhook_deliveries (status, time
 * taken, why it failed). A 2xx answer delivers; anything else is retried (delivery/webhooks/
 * retry-schedule.ts); redirects are not followed. In production the URL is checked again and the
 * connection goes only to addresses DNS resolved and the check passed (the check runs inside the
 * connection's own lookup, so a name cannot resolve to a public address for the check and a
 * private one for the connection). After each attempt the endpoint's health is kept
 * (delivery/webhooks/endpoint-health.ts): its own backoff, and switching it off after days of
 * failures; a switched-off endpoint is sent nothing.
 */
export function createWebhookSender(options: WebhookSenderOptions): DeliveryPort<WebhookMessage> {
  const lookup = guardedLookup(options.lookup ?? dnsLookup, options.production);
  return {
    via: 'http',
    channel: 'webhook',
    async send(message, attempt?: DeliveryAttempt) {
      const endpoint = await findWebhookEndpoint(options.db, message.endpointId);
      if (!endpoint || endpoint.removed_at !== null) throw new DeliveryError('permanent', 'the webhook endpoint was removed');
      // Switched off between the lane's look and this send: it waits, unsent, for the lane to hold it.
      if (endpoint.switched_off_at !== null) throw new DeliveryError('temporary', 'the webhook endpoint is switched off');
      const started = Date.now();
      const record = async (statusCode: number | null, error: string | null) => {
        // A send given up because this server is stopping says nothing about the endpoint.
        if (error !== null && attempt?.signal?.aborted) return;
        await noteWebhookOutcome(options.db, endpoint.id, error === null, options.now());
        if (!attempt) return;
        await insertWebhookDelivery(options.db, {
          id: randomUUID(),
          endpoint_id: endpoint.id,
          outbox_message_id: attempt.messageId,
          event_id: message.eventId,
          event_type: message.eventType,
          attempt: attempt.attempt,
          status_code: statusCode,
          outcome: error === null ? 'delivered' : 'failed',
          error,
          duration_ms: Date.now() - started,
          created_at: options.now().toISOString(),
        });
      };

      const problem = webhookUrlProblem(endpoint.url, { production: options.production });
      if (problem !== null) {
        await record(null, `refused: the URL ${problem}`);
        throw new DeliveryError('permanent', `webhook URL refused: it ${problem}`);
      }
      const secret = options.crypto.cipher.decrypt(endpoint.secret_ciphertext, PURPOSE.webhookSecret);
      const timestamp = options.now();
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'Tessera-Webhooks/1',
        'webhook-id': message.eventId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign(message.eventId, timestamp, message.body),
      };

      let statusCode: number;
      try {
        statusCode = await post(new URL(endpoint.url), message.body, headers, { timeoutMs: options.timeoutMs, lookup, ...(attempt?.signal && { stop: attempt.signal }) });
      } catch (error) {
        if (attempt?.signal?.aborted) throw new DeliveryError('temporary', 'interrupted: the server stopped');
        if (error instanceof TargetRefused) {
          await record(null, `refused: ${error.message}`);
          throw new DeliveryError('permanent', error.message);
        }
        const reason = connectionFailure(error, options.timeoutMs);
        await record(null, reason);
        throw new DeliveryError('temporary', reason);
      }
      if (statusCode >= 200 && statusCode < 300) {
        await record(statusCode, null);
        return;
      }
      await record(statusCode, `HTTP ${statusCode}`);
      throw new DeliveryError('temporary', `the endpoint answered HTTP ${statusCode}`);
    },
  };
}

/** POSTs the body and answers the status code; the answer's body is read and dropped. */
function post(url: URL, body: string, headers: Record<string, string>, o: { timeoutMs: number; lookup: LookupFunction; stop?: AbortSignal }): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const deadline = AbortSignal.timeout(o.timeoutMs);
    // Whatever broke the exchange, a deadline that has passed is the reason to report.
    const fail = (error: unknown) => reject(deadline.aborted ? deadline.reason : error);
    const request = send(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: o.lookup, signal: o.stop ? AbortSignal.any([deadline, o.stop]) : deadline, agent: false },
      (response) => {
        // Up to the deadline, read (and drop) the answer so the connection closes cleanly. An
        // answer still trickling in at the deadline is cut off and counts as no answer.
        response.on('error', fail);
        response.on('close', () => {
          if (!response.complete) fail(new Error('the answer was cut off'));
        });
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', fail);
    request.end(body);
  });
}

/**
 * DNS resolution that, in production, refuses a name any of whose addresses is loopback, private
 * or reserved. Node connects to an address this lookup answered, so the check cannot be evaded by
 * a name that changes between a check and the connection.
 */
function guardedLookup(base: typeof dnsLookup, production: boolean): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    base(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const refused = production ? list.find((a) => !isPublicAddress(a.address)) : undefined;
      if (refused) return callback(new TargetRefused(`${hostname} resolves to ${refused.address}, a loopback, private or reserved address`), '', 0);
      if (list.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      if (lookupOptions.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** Why no answer came, for the delivery history and the logs: no URL, no body. */
function connectionFailure(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; code?: string; message?: string };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `no answer within ${timeoutMs / 1000} s`;
  if (e?.code) return `connection failed (${e.code})`;
  return `connection failed (${e?.name ?? 'error'})`;
}
