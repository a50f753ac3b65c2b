import { request as httpRequest } from 'node:http';

// The back office in the rehearsal (docs/decisions/033): who signs in, what the browser test hands
// on to the rehearsal for the kill, and a call straight to one replica's port.

/** The staff member the rehearsal signs in as, granted with `tessera staff grant` (stack.ts). */
export const REHEARSAL_STAFF = { email: 'support@demo.test', role: 'support', brand: 'DEMO' } as const;

/** The second person, who approves what REHEARSAL_STAFF proposes (four eyes), granted the same way. */
export const REHEARSAL_DECIDER = { email: 'finance@demo.test', role: 'finance', brand: 'DEMO' } as const;

/**
 * The brand's own staff, who publish a change of ACME's texts (ACME: the browser walk uses DEMO's
 * pages, which must not change under it), granted the same way. The staff provider's page lists
 * the demo staff only, so one of them is granted ACME here (production has no demo grants).
 */
export const REHEARSAL_BRAND_ADMIN = { email: 'brand@demo.test', role: 'brand-admin', brand: 'ACME' } as const;

/** The session cookie's name in production (the __Host- prefix: Secure, Path=/, no Domain). */
export const STAFF_SESSION_COOKIE = '__Host-tessera_staff';

/**
 * What tests/back-office.spec.ts leaves in REHEARSAL_STAFF_STATE for the rehearsal: the request id
 * of the callback that made the session (the replica whose log has it made the session), the card
 * it blocked, and the browser's cookies (Playwright's storage state) to go on with after the kill.
 */
export interface StaffSessionHandOver {
  callbackRequestId: string;
  cardId: string;
  storageState: string;
}

export interface ReplicaAnswer {
  status: number;
  body: unknown;
}

/**
 * A back office call to one replica's port, pinned there, with the headers Caddy sends in front of
 * it (Host unchanged, X-Forwarded-*: TRUST_PROXY=1 trusts the one hop) and the session cookie; a
 * change carries the back office's Origin, as the app's calls do.
 */
export function callReplica(
  port: number,
  backOfficeUrl: string,
  sessionId: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  accept = 'application/json',
): Promise<ReplicaAnswer> {
  const host = new URL(backOfficeUrl).host;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host,
          'x-forwarded-host': host,
          'x-forwarded-proto': 'https',
          'x-forwarded-for': '127.0.0.1',
          cookie: `${STAFF_SESSION_COOKIE}=${sessionId}`,
          accept,
          ...(method === 'GET' ? {} : { origin: backOfficeUrl }),
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Not JSON (an HTML error page): kept as text for the failure message.
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} on port ${port}: no answer in 10 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}
