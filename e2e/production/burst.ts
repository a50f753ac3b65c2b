import { randomBytes } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

// The burst of the rehearsal (run by rehearsal.ts as its own process, with NODE_EXTRA_CA_CERTS
// trusting Caddy's CA): parallel payouts and replacements over HTTPS through Caddy, as cardholders'
// browsers make them, while one replica is killed. Each payout walks the whole bank trip (session
// call with the card bound, the stand-in broker's page approved, the portal's return endpoint,
// the customer call with the sessionId alone); each replacement is the money-moving call.
//
// A request lost with the replica (Caddy answers 502, or the connection drops) is repeated as a
// cardholder's browser or a reload repeats it: the same replacement call, the same customer call
// with the same sessionId. A bank trip that broke before the customer call starts again. What
// each operation ended with is printed as one JSON line per operation, then {"done":true}.

const PORTAL = process.env.PORTAL_URL!;
const BRAND = 'DEMO';
const IBAN = 'NL20INGB0001234567';
const ISSUER = 'INGBNL2A';

interface Card {
  number: string;
  secret: string;
}

export interface OperationResult {
  kind: 'payout' | 'replace' | 'code';
  card: string;
  outcome: 'done' | 'refused' | 'gave-up';
  /** HTTP attempts that failed with the replica (502, 503, a dropped connection). */
  lostRequests: number;
  /** Payouts: new bank trips after an identity check that failed (see payout). */
  identityRetries: number;
  status?: number;
  code?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A response lost with a replica: Caddy's 502/503/504, or no response at all. */
class LostRequest extends Error {}

async function send(url: string, init: RequestInit & { cookies?: Map<string, string> }): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.cookies?.size) headers.set('cookie', [...init.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
  } catch (error) {
    throw new LostRequest((error as Error).message);
  }
  if (init.cookies) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      init.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
  }
  if (res.status === 502 || res.status === 503 || res.status === 504) throw new LostRequest(`status ${res.status}`);
  return res;
}

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Repeats one request while it is lost with a replica (at most 8 times, a second apart). */
async function repeated(result: OperationResult, request: () => Promise<Response>): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await request();
    } catch (error) {
      if (!(error instanceof LostRequest) || attempt === 8) throw error;
      result.lostRequests += 1;
      await sleep(1000);
    }
  }
}

/** The bank trip: session, the broker's page (approve), the portal's return; answers the sessionId. */
async function bankTrip(card: Card, result: OperationResult): Promise<string> {
  const state = randomBytes(12).toString('base64url');
  const session = await send(`${PORTAL}/api/Authentication/${BRAND}/session`, {
    ...json({ provider: 'IDIN', issuer: ISSUER, redirectUrl: `${PORTAL}/callback`, state, cardNumber: card.number, securityCode: card.secret, bankAccountNumber: IBAN }),
    headers: { 'content-type': 'application/json', 'x-flow-type': 'PAYOUT' },
  });
  if (session.status !== 200) throw Object.assign(new Error(`session ${session.status}`), { status: session.status, body: await session.text() });
  const { authorizationUrl } = (await session.json()) as { authorizationUrl: string };

  // At the broker: its cookies, its redirects, its page with the Approve button.
  const cookies = new Map<string, string>();
  let res = await send(authorizationUrl, { cookies });
  let location = res.headers.get('location');
  while (location && !location.includes('/interaction/')) {
    res = await send(new URL(location, authorizationUrl).href, { cookies });
    location = res.headers.get('location');
  }
  if (!location) throw new Error(`broker: no interaction (${res.status})`);
  const interaction = new URL(location, authorizationUrl).href;
  const page = await send(interaction, { cookies });
  if (page.status !== 200) throw new Error(`broker page ${page.status}`);
  res = await send(interaction, {
    cookies,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'approve', name: 'R. Hearsal', birthdate: '1980-02-03' }).toString(),
  });
  location = res.headers.get('location');
  while (location && !location.startsWith(PORTAL)) {
    res = await send(new URL(location, interaction).href, { cookies });
    location = res.headers.get('location');
  }
  if (!location) throw new Error(`broker: no return to the portal (${res.status})`);

  // The portal's return endpoint completes the session and sends the browser to /callback.
  const back = await send(location, {});
  const callback = back.headers.get('location');
  const sessionId = callback ? new URL(callback, PORTAL).searchParams.get('sessionId') : null;
  if (back.status !== 303 || !sessionId) throw new Error(`return ${back.status}`);
  void result;
  return sessionId;
}

async function payout(card: Card): Promise<OperationResult> {
  const result: OperationResult = { kind: 'payout', card: card.number, outcome: 'gave-up', lostRequests: 0, identityRetries: 0 };
  for (let trip = 1; trip <= 5; trip++) {
    let sessionId: string;
    try {
      sessionId = await bankTrip(card, result);
    } catch (error) {
      if (error instanceof LostRequest || (error as Error).message.startsWith('return') || (error as Error).message.startsWith('broker')) {
        // The trip broke with the replica (a session it started, a return it was completing): a new trip.
        result.lostRequests += 1;
        await sleep(1000);
        continue;
      }
      const status = (error as { status?: number }).status;
      Object.assign(result, { outcome: 'refused', status, code: codeOf((error as { body?: string }).body) });
      return result;
    }
    // The customer call, with the same sessionId as often as its answer is lost.
    const res = await repeated(result, () =>
      send(`${PORTAL}/api/Authentication/${BRAND}/customer`, { ...json({ sessionId }), headers: { 'content-type': 'application/json', 'x-flow-type': 'PAYOUT' } }),
    );
    const body = await res.text();
    const code = codeOf(body);
    if (res.status === 400 && code === 'IDENTITY_FAILED' && result.identityRetries === 0) {
      // The return that completed this session may have been repeated by Caddy after the killed
      // replica had already redeemed the bank's single-use code: the repeat's exchange is refused
      // and the session fails. The cardholder sees "the identity check did not succeed" and tries
      // again, as the failure screen offers; once, and counted (the rehearsal bounds the count).
      result.identityRetries += 1;
      continue;
    }
    return Object.assign(result, { outcome: res.status === 200 ? 'done' : 'refused', status: res.status, code });
  }
  return result;
}

async function replace(card: Card, email: string): Promise<OperationResult> {
  const result: OperationResult = { kind: 'replace', card: card.number, outcome: 'gave-up', lostRequests: 0, identityRetries: 0 };
  const res = await repeated(result, () =>
    send(`${PORTAL}/api/replacecard/${BRAND}/replace`, {
      ...json({ code: card.number, email, securityCode: card.secret, balances: [], culture: 'en' }),
      headers: { 'content-type': 'application/json', 'x-flow-type': 'REPLACE' },
    }),
  );
  const body = await res.text();
  return Object.assign(result, { outcome: res.status === 200 ? 'done' : 'refused', status: res.status, code: codeOf(body) });
}

/** The built-in captcha as the browser's widget solves it: fetch a challenge, find the number. */
async function captchaToken(): Promise<string> {
  const key = (await (await send(`${PORTAL}/api/Utility/Recaptcha`, {})).json()) as { key: string };
  const challenge = (await (await send(new URL(key.key, PORTAL).href, {})).json()) as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha: no solution');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * An activation code by SMS. A lost answer is asked again with a new captcha (a token is spent
 * once), as a cardholder presses "Send code" again: the second request queues a second SMS.
 */
async function activationCode(card: { number: string }): Promise<OperationResult> {
  const result: OperationResult = { kind: 'code', card: card.number, outcome: 'gave-up', lostRequests: 0, identityRetries: 0 };
  for (let attempt = 1; attempt <= 8; attempt++) {
    try {
      const token = await captchaToken();
      const res = await send(`${PORTAL}/api/visa/RequestActivationCode/${BRAND}`, {
        ...json({ 'g-recaptcha-response': token, cardNumber: card.number, culture: 'en' }),
        headers: { 'content-type': 'application/json', 'x-flow-type': 'VISA' },
      });
      const body = await res.text();
      return Object.assign(result, { outcome: res.status === 200 ? 'done' : 'refused', status: res.status, code: codeOf(body) });
    } catch (error) {
      if (!(error instanceof LostRequest)) throw error;
      result.lostRequests += 1;
      await sleep(1000);
    }
  }
  return result;
}

function codeOf(body: string | undefined): string | undefined {
  try {
    return (JSON.parse(body ?? '') as { code?: string }).code;
  } catch {
    return undefined;
  }
}

/** Runs the operations `concurrency` at a time; prints each result as it ends. */
async function main(): Promise<void> {
  const input = JSON.parse(process.env.BURST_CARDS!) as { payouts: Card[]; replacements: Array<Card & { email: string }>; visas: Array<{ number: string }> };
  const concurrency = Number(process.env.BURST_CONCURRENCY ?? 12);
  const work: Array<() => Promise<OperationResult>> = [];
  const longest = Math.max(input.payouts.length, input.replacements.length, input.visas.length);
  for (let i = 0; i < longest; i++) {
    const p = input.payouts[i];
    const r = input.replacements[i];
    const v = input.visas[i];
    if (p) work.push(() => payout(p));
    if (r) work.push(() => replace(r, r.email));
    if (v) work.push(() => activationCode(v));
  }
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const op = work[next++]!;
      process.stdout.write(`${JSON.stringify(await op())}\n`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  process.stdout.write(`${JSON.stringify({ done: true })}\n`);
}

await main();
