import { pinRetrievalSchema, visaApi } from '@tessera/contracts';
import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';
import { resealPinsUnderDataKeys } from '../src/cards/reseal-pins.js';
import { DataCipher } from '../src/crypto/data-cipher.js';
import { PURPOSE } from '../src/crypto/index.js';
import { loadKeyring } from '../src/crypto/keyring.js';
import { frameSessionCookieAttributes } from '../src/flows/visa/frame-session.js';
import { cookieValue } from '../src/http/cookie-value.js';
import { PIN_FRAME_SCRIPT_HASH, PIN_FRAME_STYLE_HASH } from '../src/flows/visa/pin-frame-page.js';
import { demoCard } from './helpers/demo.js';
import { useFlowTestApp } from './helpers/flows.js';
import { issueVisa } from './helpers/visa.js';

// VISA getPin and the PIN frame (docs/product/visa.md#pin).
// The test app's portal is http://localhost:8080, the PIN frame http://127.0.0.1:8080.

const PORTAL = 'http://localhost:8080';
const FRAME_HOST = '127.0.0.1:8080';
const FRAME = `http://${FRAME_HOST}`;

let clock = new Date('2030-07-01T09:00:00Z').getTime();
const { t, log } = useFlowTestApp({ now: () => new Date(clock) });

const getPin = (body: Record<string, unknown>, headers: Record<string, string> = { 'x-flow-type': 'VISA' }, theme = 'demo') =>
  t.app.inject({ method: 'POST', url: visaApi.getPin.build({ themeCode: theme }), headers, payload: body });
const activePin = (extra: Record<string, unknown> = {}) => getPin({ code: 'DEMO', cardNumber: demoCard('VISA_ACTIVE').number, securityCode: 'Tq8m3x', ...extra });
const readPin = (key: string, controlId: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/pin-frame/pin', headers: { host: FRAME_HOST, origin: FRAME, ...headers }, payload: { key, controlId } });
const framePage = (host: string, key = 'k') => t.app.inject({ method: 'GET', url: `/pin-frame?key=${key}`, headers: { host, accept: 'text/html' } });
/** Loads the frame page with a key, as the portal's iframe does: answers the page and its frame-session cookie (name=value), if any. */
async function loadFrame(key: string) {
  const res = await framePage(FRAME_HOST, encodeURIComponent(key));
  expect(res.statusCode).toBe(200);
  const setCookie = res.headers['set-cookie'];
  return { res, cookie: typeof setCookie === 'string' ? setCookie.split(';')[0] : undefined };
}
/** The read as the frame's script sends it: after the page was loaded with the key, with its cookie. */
async function readInFrame(key: string, controlId: string) {
  const { cookie } = await loadFrame(key);
  return readPin(key, controlId, cookie ? { cookie } : {});
}

describe('getPin', () => {
  it('answers the PIN frame address on its own origin, a one-time key and a controlId', async () => {
    const res = await activePin();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = pinRetrievalSchema.parse(res.json());
    expect(answer.pinFrameURL).toBe(`${FRAME}/pin-frame`);
    expect(answer.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.controlId).toMatch(/^[0-9a-f-]{36}$/);
    // Stored as a keyed hash, never the key; valid 60 s.
    const rows = await t.db.selectFrom('pin_frame_keys').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(answer.key);
    expect(rows[0]).toMatchObject({ control_id: answer.controlId, used_at: null, expires_at: new Date(clock + 60_000).toISOString() });
    // The answer carries only these three fields, none of them the PIN. (Searching the body for
    // '2468' would fail by chance whenever the random controlId or key happens to contain it.)
    expect(Object.keys(res.json()).sort()).toEqual(['controlId', 'key', 'pinFrameURL']);
    expect(Object.values(res.json())).not.toContain('2468');
  });

  it('refuses a wrong passcode, an inactive card, a foreign brand code and a missing header', async () => {
    expect((await activePin({ securityCode: 'Tq8m3y' })).json().code).toBe('CARD_NOT_FOUND');
    expect((await getPin({ code: 'DEMO', cardNumber: demoCard('VISA_NEW_2').number, securityCode: 'Tq8m3x' })).statusCode).toBe(404);
    const foreign = await activePin({ code: 'ACME' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual([expect.objectContaining({ path: 'code' })]);
    expect((await activePin({ code: 'demo' })).statusCode).toBe(200); // the slug names the brand too
    expect((await getPin({ code: 'DEMO', cardNumber: demoCard('VISA_ACTIVE').number, securityCode: 'Tq8m3x' }, {})).json().code).toBe('VALIDATION_ERROR');
    expect((await getPin({ code: 'ACME', cardNumber: demoCard('VISA_ACTIVE').number, securityCode: 'Tq8m3x' }, { 'x-flow-type': 'VISA' }, 'acme')).json().code).toBe(
      'FLOW_UNAVAILABLE',
    );
  });
});

describe('the PIN read with a key', () => {
  it('answers the PIN once, in the frame the key was loaded in; the key used twice is refused', async () => {
    const { key, controlId } = (await activePin()).json();
    const { cookie } = await loadFrame(key);
    const first = await readPin(key, controlId, { cookie: cookie! });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({ pin: '2468' });
    const second = await readPin(key, controlId, { cookie: cookie! });
    expect(second.statusCode).toBe(404);
    expect(second.json()).not.toHaveProperty('pin');
    expect(Object.values(second.json())).not.toContain('2468');
  });

  it('refuses a key after 60 seconds, and accepts it just before', async () => {
    const late = (await activePin()).json();
    const lateFrame = await loadFrame(late.key);
    clock += 60_000;
    expect((await readPin(late.key, late.controlId, { cookie: lateFrame.cookie! })).statusCode).toBe(404);
    const early = (await activePin()).json();
    const earlyFrame = await loadFrame(early.key);
    clock += 59_000;
    expect((await readPin(early.key, early.controlId, { cookie: earlyFrame.cookie! })).json()).toEqual({ pin: '2468' });
  });

  it('refuses a wrong controlId and spends the key doing so', async () => {
    const { key, controlId } = (await activePin()).json();
    const { cookie } = await loadFrame(key);
    expect((await readPin(key, 'not-the-control-id', { cookie: cookie! })).statusCode).toBe(404);
    expect((await readPin(key, controlId, { cookie: cookie! })).statusCode).toBe(404);
  });

  it('refuses an unknown key, a request from another origin, and the read on the portal’s host', async () => {
    expect((await readPin('x'.repeat(43), 'c')).statusCode).toBe(404);
    const { key, controlId } = (await activePin()).json();
    const { cookie } = await loadFrame(key);
    expect((await readPin(key, controlId, { cookie: cookie!, origin: PORTAL })).statusCode).toBe(404);
    expect((await readPin(key, controlId, { cookie: cookie!, origin: 'https://evil.example' })).statusCode).toBe(404);
    const onPortal = await t.app.inject({ method: 'POST', url: '/pin-frame/pin', headers: { host: 'localhost:8080', cookie: cookie! }, payload: { key, controlId } });
    expect(onPortal.statusCode).toBe(404);
    // None of these spent it.
    expect((await readPin(key, controlId, { cookie: cookie! })).json()).toEqual({ pin: '2468' });
  });

  it('shows another card’s own PIN', async () => {
    const card = await issueVisa(t, { state: 'active', passcode: 'Hy6t4R' });
    const { key, controlId } = (await getPin({ code: 'DEMO', cardNumber: card.number, securityCode: 'Hy6t4R' })).json();
    expect((await readInFrame(key, controlId)).json()).toEqual({ pin: card.pin });
  });
});

describe('the frame session: a key works only in the frame page it was loaded in', () => {
  /** The outcomes of the PIN reads audited while `run` ran, sorted (the test clock stands still, so they share one time). */
  async function auditedReads(run: () => Promise<void>): Promise<string[]> {
    const ids = async () => (await t.db.selectFrom('audit_events').select('id').where('type', '=', 'visa.pin_frame').execute()).map((e) => e.id);
    const before = new Set(await ids());
    await run();
    const rows = await t.db.selectFrom('audit_events').select(['id', 'outcome']).where('type', '=', 'visa.pin_frame').execute();
    return rows.filter((r) => !before.has(r.id)).map((r) => r.outcome).sort();
  }

  it('refuses the key without the frame session’s cookie, as curl sends it, and spends it doing so', async () => {
    const { key, controlId } = (await activePin()).json();
    const { cookie } = await loadFrame(key); // the portal's frame loaded it
    const outcomes = await auditedReads(async () => {
      // Someone who read key and controlId off the portal replays them without the cookie, and
      // without an Origin header, as curl sends them.
      const replay = await t.app.inject({ method: 'POST', url: '/pin-frame/pin', headers: { host: FRAME_HOST }, payload: { key, controlId } });
      expect(replay.statusCode).toBe(404);
      expect(replay.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
      expect(JSON.stringify(replay.json())).not.toContain('2468');
    });
    expect(outcomes).toEqual(['no_frame_session']);
    // Spent: the refused attempt used the key's one read; the holder's frame now fails visibly
    // (pin-error) and a new getPin gives a new key, rather than the key staying open to tries.
    const spent = await t.db.selectFrom('pin_frame_keys').select('used_at').where('control_id', '=', controlId).executeTakeFirstOrThrow();
    expect(spent.used_at).not.toBeNull();
    expect((await readPin(key, controlId, { cookie: cookie! })).statusCode).toBe(404);
  });

  it('binds the key to its first page load: loading the page again opens no session for it', async () => {
    const { key, controlId } = (await activePin()).json();
    const first = await loadFrame(key);
    expect(first.cookie).toBeDefined();
    // A replay that loads the frame page itself first, after the portal's frame did, gets a page but no session.
    const again = await loadFrame(key);
    expect(again.res.statusCode).toBe(200);
    expect(again.res.headers['set-cookie']).toBeUndefined();
    expect((await readPin(key, controlId, { cookie: first.cookie! })).json()).toEqual({ pin: '2468' });
  });

  it('refuses another session’s cookie under this key’s cookie name, and spends the key', async () => {
    const mine = (await activePin()).json();
    const other = (await activePin()).json();
    const myFrame = await loadFrame(mine.key);
    const otherFrame = await loadFrame(other.key);
    const [myName] = myFrame.cookie!.split('=');
    const otherValue = otherFrame.cookie!.split('=')[1];
    expect(myName).not.toBe(otherFrame.cookie!.split('=')[0]);
    const outcomes = await auditedReads(async () => {
      expect((await readPin(mine.key, mine.controlId, { cookie: `${myName}=${otherValue}` })).statusCode).toBe(404);
    });
    expect(outcomes).toEqual(['wrong_frame_session']);
    expect((await readPin(mine.key, mine.controlId, { cookie: myFrame.cookie! })).statusCode).toBe(404);
    // The other frame's own key still works with its own cookie; both cookies may travel together.
    expect((await readPin(other.key, other.controlId, { cookie: `${myFrame.cookie}; ${otherFrame.cookie}` })).json()).toEqual({ pin: '2468' });
  });

  it('sets the cookie HttpOnly, on the frame’s paths only, for the key’s 60 s, partitioned (Secure) on the loopback frame origin', async () => {
    const { key } = (await activePin()).json();
    const { res } = await loadFrame(key);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^tessera_pin_frame_[A-Za-z0-9_-]{16}=[A-Za-z0-9_-]{43}; /);
    const attributes = setCookie.split('; ').slice(1).sort();
    expect(attributes).toEqual(['HttpOnly', 'Max-Age=60', 'Partitioned', 'Path=/pin-frame', 'SameSite=None', 'Secure']);
    // Only a keyed hash of the session is stored.
    const row = await t.db.selectFrom('pin_frame_keys').select('frame_session_hash').where('frame_session_hash', 'is not', null).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(setCookie).not.toContain(row.frame_session_hash!);
    expect(JSON.stringify(await t.db.selectFrom('pin_frame_keys').selectAll().execute())).not.toContain(setCookie.split(';')[0]!.split('=')[1]);
  });

  it('opens no session for a page without a key, or with an unknown, expired or spent one', async () => {
    expect((await t.app.inject({ url: '/pin-frame', headers: { host: FRAME_HOST } })).headers['set-cookie']).toBeUndefined();
    expect((await loadFrame('x'.repeat(43))).cookie).toBeUndefined();
    const expired = (await activePin()).json();
    clock += 60_000;
    expect((await loadFrame(expired.key)).cookie).toBeUndefined();
    const spent = (await activePin()).json();
    expect((await readPin(spent.key, spent.controlId)).statusCode).toBe(404);
    expect((await loadFrame(spent.key)).cookie).toBeUndefined();
  });
});

describe('the frame-session cookie’s attributes', () => {
  it('is partitioned and Secure where a browser keeps Secure cookies: https and loopback names', () => {
    for (const url of ['https://pin.cards.example.com', 'http://127.0.0.1:8080', 'http://localhost:9000', 'http://pin.localhost:8080', 'http://[::1]:8080']) {
      expect(frameSessionCookieAttributes(url), url).toBe('Path=/pin-frame; Max-Age=60; HttpOnly; Secure; SameSite=None; Partitioned');
    }
  });

  it('is SameSite=Strict without Secure on a plain-http frame on another name (a demo on a LAN; same site only)', () => {
    expect(frameSessionCookieAttributes('http://pin.demo.lan:8080')).toBe('Path=/pin-frame; Max-Age=60; HttpOnly; SameSite=Strict');
  });

  it('reads one cookie by its exact name; a name sent twice counts as none', () => {
    expect(cookieValue('a=1; tessera_pin_frame_x=v; b=2', 'tessera_pin_frame_x')).toBe('v');
    expect(cookieValue('tessera_pin_frame_xy=v', 'tessera_pin_frame_x')).toBeUndefined();
    expect(cookieValue('tessera_pin_frame_x=v; tessera_pin_frame_x=w', 'tessera_pin_frame_x')).toBeUndefined();
    expect(cookieValue(undefined, 'tessera_pin_frame_x')).toBeUndefined();
  });
});

describe('the PIN at rest: under PIN_KEYS, never the data key', () => {
  const pinCiphertext = async (cardId: string) =>
    (await t.db.selectFrom('visa_holders').select('pin_ciphertext').where('card_id', '=', cardId).executeTakeFirstOrThrow()).pin_ciphertext!;

  it('stores a PIN the data key does not open and the PIN key does', async () => {
    const card = await issueVisa(t, { state: 'active', passcode: 'Gw3n8P' });
    const sealed = await pinCiphertext(card.id);
    expect(sealed).toMatch(/^p1\./);
    const keyring = loadKeyring(t.config);
    expect(new DataCipher(keyring.pinKeys, keyring.pinKeyCurrent, 'p').decrypt(sealed, PURPOSE.visaPin)).toBe(card.pin);
    // The data key's AES-GCM does not open these bytes, whatever the prefix says.
    expect(() => new DataCipher(keyring.dataKeys, keyring.dataKeyCurrent, 'p').decrypt(sealed, PURPOSE.visaPin)).toThrow();
    expect(() => t.deps.crypto.cipher.decrypt(sealed, PURPOSE.visaPin)).toThrow();
  });

  it('still shows a PIN sealed under DATA_KEYS before PIN_KEYS, and the start moves it to PIN_KEYS', async () => {
    const card = await issueVisa(t, { state: 'active', passcode: 'Gw3n8Q' });
    const old = t.deps.crypto.cipher.encrypt(card.pin, PURPOSE.visaPin);
    await t.db.updateTable('visa_holders').set({ pin_ciphertext: old }).where('card_id', '=', card.id).execute();
    const show = async () => {
      const { key, controlId } = (await getPin({ code: 'DEMO', cardNumber: card.number, securityCode: 'Gw3n8Q' })).json();
      return readInFrame(key, controlId);
    };
    expect((await show()).json()).toEqual({ pin: card.pin });
    expect(await pinCiphertext(card.id)).toBe(old);

    // What main.ts runs at start: every PIN under DATA_KEYS (this one) re-sealed, nothing else touched.
    const untouched = await t.db.selectFrom('visa_holders').select(['card_id', 'pin_ciphertext']).where('card_id', '!=', card.id).execute();
    const first = await resealPinsUnderDataKeys(t.db, t.deps.crypto);
    expect(first).toEqual({ resealed: 1, unreadable: 0 });
    const resealed = await pinCiphertext(card.id);
    expect(resealed).toMatch(/^p1\./);
    expect(t.deps.crypto.pins.open(resealed)).toBe(card.pin);
    expect(await t.db.selectFrom('visa_holders').select(['card_id', 'pin_ciphertext']).where('card_id', '!=', card.id).execute()).toEqual(untouched);
    expect((await show()).json()).toEqual({ pin: card.pin });
    // The next start finds nothing left to do.
    expect(await resealPinsUnderDataKeys(t.db, t.deps.crypto)).toEqual({ resealed: 0, unreadable: 0 });
  });

  it('leaves a PIN no configured data key opens as it is, and counts it', async () => {
    const card = await issueVisa(t, { state: 'active' });
    const foreign = new DataCipher(new Map([[7, Buffer.alloc(32, 7)]]), 7).encrypt(card.pin, PURPOSE.visaPin);
    await t.db.updateTable('visa_holders').set({ pin_ciphertext: foreign }).where('card_id', '=', card.id).execute();
    expect(await resealPinsUnderDataKeys(t.db, t.deps.crypto)).toEqual({ resealed: 0, unreadable: 1 });
    expect(await pinCiphertext(card.id)).toBe(foreign);
  });
});

describe('the PIN frame page and the host split', () => {
  it('is served on the PIN frame’s host only, framed by the portal’s origin alone, never cached', async () => {
    const res = await framePage(FRAME_HOST);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors ${PORTAL}`);
    expect(csp).not.toMatch(/frame-ancestors[^;]*(\*|'self'|127\.0\.0\.1)/);
    expect(csp).toContain(`script-src ${PIN_FRAME_SCRIPT_HASH}`);
    expect(csp).toContain(`style-src ${PIN_FRAME_STYLE_HASH}`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.body).toContain(`data-portal-origin="${PORTAL}"`);
  });

  it('is in the portal’s language (?lang=), English for none or another (WCAG 3.1.1)', async () => {
    const page = (query: string) => t.app.inject({ method: 'GET', url: `/pin-frame?key=k${query}`, headers: { host: FRAME_HOST, accept: 'text/html' } });
    expect((await page('&lang=nl')).body).toContain('<html lang="nl">');
    expect((await page('&lang=en')).body).toContain('<html lang="en">');
    expect((await page('')).body).toContain('<html lang="en">');
    const other = await page('&lang=%22%3E%3Cscript%3E');
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('<html lang="en">');
  });

  it('is refused on the portal’s host (404), and the portal’s pages and API are refused on the PIN frame’s host', async () => {
    expect((await framePage('localhost:8080')).statusCode).toBe(404);
    expect((await framePage('localhost:80')).statusCode).toBe(404);
    for (const url of ['/', '/demo/visa/activate', '/assets/app-abc123.js', '/api/theme/demo', '/api/openapi.json', '/dev/outbox']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: FRAME_HOST, accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root">');
    }
    const lookup = await t.app.inject({ method: 'POST', url: visaApi.getPin.build({ themeCode: 'demo' }), headers: { host: FRAME_HOST, 'x-flow-type': 'VISA' }, payload: {} });
    expect(lookup.statusCode).toBe(404);
    // Health checks answer anywhere; the portal still serves its pages on its own host.
    expect((await t.app.inject({ url: '/healthz', headers: { host: FRAME_HOST } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/demo/visa/activate', headers: { host: 'localhost:8080', accept: 'text/html' } })).body).toContain('<div id="root">');
    // The portal's pages keep frame-ancestors 'none' and allow framing the PIN frame origin.
    const page = await t.app.inject({ url: '/demo/visa/account', headers: { host: 'localhost:8080', accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toContain(`frame-src ${FRAME}`);
    expect(page.headers['x-frame-options']).toBe('DENY');
  });
});

describe('the frame’s script (run in jsdom)', () => {
  async function openFrame(key: string) {
    const page = await framePage(FRAME_HOST, encodeURIComponent(key));
    const html = page.body;
    const setCookie = page.headers['set-cookie'];
    const cookie = typeof setCookie === 'string' ? setCookie.split(';')[0] : undefined;
    const dom = new JSDOM(html, { url: `${FRAME}/pin-frame?key=${encodeURIComponent(key)}`, runScripts: 'dangerously' });
    const fetched: { url: string; body: string; credentials: string }[] = [];
    // As a browser would: the page's cookie goes with a same-origin request unless credentials are omitted.
    const fetchStub = vi.fn(async (url: string, init: { body: string; credentials: string }) => {
      fetched.push({ url, body: init.body, credentials: init.credentials });
      const withCookie: Record<string, string> = cookie && init.credentials !== 'omit' ? { cookie } : {};
      const res = await readPin(JSON.parse(init.body).key, JSON.parse(init.body).controlId, withCookie);
      return { ok: res.statusCode === 200, json: async () => res.json() };
    });
    // The page's script ran at load; fetch is looked up when a message arrives.
    (dom.window as unknown as { fetch: typeof fetchStub }).fetch = fetchStub;
    const pin = () => dom.window.document.getElementById('pin')!.textContent;
    const post = (data: unknown, origin: string, source: unknown = dom.window) =>
      dom.window.dispatchEvent(new dom.window.MessageEvent('message', { data, origin, source }));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
    return { dom, fetched, pin, post, settle };
  }

  it('shows the PIN only after view-pin from the portal’s origin, once; hide-pin hides it; the key leaves the address bar', async () => {
    const { key, controlId } = (await activePin()).json();
    const frame = await openFrame(key);
    expect(frame.dom.window.location.search).toBe('');
    expect(frame.pin()).toBe('****');

    // From another origin, or the wrong operation: nothing is fetched, nothing shown.
    frame.post({ operation: 'view-pin', controlId }, 'https://evil.example');
    frame.post({ operation: 'view-pin', controlId }, FRAME);
    frame.post({ operation: 'show', controlId }, PORTAL);
    frame.post('view-pin', PORTAL);
    await frame.settle();
    expect(frame.fetched).toHaveLength(0);
    expect(frame.pin()).toBe('****');

    frame.post({ operation: 'view-pin', controlId }, PORTAL);
    await frame.settle();
    expect(frame.fetched).toEqual([{ url: '/pin-frame/pin', body: JSON.stringify({ key, controlId }), credentials: 'same-origin' }]);
    expect(frame.pin()).toBe('2468');

    frame.post({ operation: 'hide-pin' }, PORTAL);
    expect(frame.pin()).toBe('****');
    // A second view-pin spends nothing more: showing again takes a new key.
    frame.post({ operation: 'view-pin', controlId }, PORTAL);
    await frame.settle();
    expect(frame.fetched).toHaveLength(1);
    expect(frame.pin()).toBe('****');
    frame.dom.window.close();
  });

  it('shows nothing with a spent key', async () => {
    const { key, controlId } = (await activePin()).json();
    expect((await readInFrame(key, controlId)).statusCode).toBe(200);
    const frame = await openFrame(key);
    frame.post({ operation: 'view-pin', controlId }, PORTAL);
    await frame.settle();
    expect(frame.fetched).toHaveLength(1);
    expect(frame.pin()).toBe('****');
    frame.dom.window.close();
  });
});

describe('logs', () => {
  it('carry no PIN, passcode, key, frame session or card number', async () => {
    const keys = (await t.db.selectFrom('pin_frame_keys').select('key_hash').execute()).length;
    expect(keys).toBeGreaterThan(3);
    const noIds = (text: string) => text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '').replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, '');
    const logged = noIds(log.strings());
    for (const secret of ['2468', 'Tq8m3x', 'Hy6t4R', demoCard('VISA_ACTIVE').number.replaceAll(' ', '')]) expect(logged, secret).not.toContain(secret);
    expect(logged).not.toMatch(/key=[A-Za-z0-9_-]{43}/);
    expect(await t.db.selectFrom('pin_frame_keys').select('key_hash').where('frame_session_hash', 'is not', null).execute()).not.toHaveLength(0);
    expect(logged).not.toMatch(/tessera_pin_frame_[A-Za-z0-9_-]{16}=[A-Za-z0-9_-]/);
  });
});
