import { randomBytes, timingSafeEqual } from 'node:crypto';
import { PURPOSE } from '../../crypto/index.js';
import { bindPinFrameSession } from '../../db/repositories/pin-frame-keys.js';
import type { ServiceDeps } from '../../deps.js';
import { PIN_FRAME_KEY_TTL_MS, PIN_FRAME_PATH, pinFrameKeyHashes } from './get-pin.js';

/**
 * The PIN frame's session (docs/decisions/017): the first load of the frame page with a key opens
 * a session, binds the key to it (a keyed hash in pin_frame_keys) and hands the session to the
 * browser in an HttpOnly cookie on the PIN frame's origin. The PIN read must bring that cookie.
 * A key read off the portal (a script injected there sees getPin's answer) is then of no use to a
 * client that did not load the frame page with it first: the portal's own frame did, at once.
 *
 * One cookie per key (its name carries the first 16 characters of the key's hash), so two PIN
 * frames open in one browser do not overwrite each other's session; each lives as long as its key.
 */
const COOKIE_PREFIX = 'tessera_pin_frame_';

export const frameSessionCookieName = (keyHash: string) => `${COOKIE_PREFIX}${keyHash.slice(0, 16)}`;

const sessionHash = (deps: Pick<ServiceDeps, 'crypto'>, session: string) => deps.crypto.blindIndex.of(PURPOSE.pinFrameSession, session);

/** Names a browser treats as a secure context over http: a Secure cookie is kept there. */
function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '[::1]';
}

/**
 * The cookie's attributes for the PIN frame's origin. The frame is a third party in the portal's
 * page whenever the two are different sites (the embedded demo: localhost and 127.0.0.1), and
 * Chromium then neither stores nor sends SameSite=Strict, Lax or unpartitioned None cookies; a
 * Partitioned one (CHIPS, keyed to the portal's site) it does, also when the two are the same site
 * (decision 017 has the measurements). Partitioned needs Secure, which a browser accepts over https
 * and on loopback names. A plain-http frame on another name (a demo on a LAN) gets Strict: it
 * works there only when portal and frame are the same site.
 */
export function frameSessionCookieAttributes(pinFrameUrl: string): string {
  const url = new URL(pinFrameUrl);
  const secureContext = url.protocol === 'https:' || isLoopbackHostname(url.hostname);
  const site = secureContext ? 'Secure; SameSite=None; Partitioned' : 'SameSite=Strict';
  return `Path=${PIN_FRAME_PATH}; Max-Age=${PIN_FRAME_KEY_TTL_MS / 1000}; HttpOnly; ${site}`;
}

/**
 * Opens the frame session of a page load with `key`: answers the Set-Cookie value, or undefined
 * when the key is unknown, spent, expired or already bound to the session of an earlier load.
 */
export async function openFrameSession(deps: ServiceDeps, key: string): Promise<string | undefined> {
  const session = randomBytes(32).toString('base64url');
  const bound = await bindPinFrameSession(deps.db, pinFrameKeyHashes(deps, key), sessionHash(deps, session), deps.now().toISOString());
  if (!bound) return undefined;
  // Named by the hash the key is stored under, which the read finds again whatever index key is current then.
  return `${frameSessionCookieName(bound.keyHash)}=${session}; ${frameSessionCookieAttributes(deps.config.pinFrameUrl)}`;
}

/** Whether `session` (the cookie the read brought) is the one the key was bound to. */
export function isKeysFrameSession(deps: Pick<ServiceDeps, 'crypto'>, boundHash: string | null, session: string | undefined): boolean {
  if (!boundHash || !session) return false;
  const y = Buffer.from(boundHash);
  // Bound under the index key current then: while a rotation is under way, either version.
  return deps.crypto.blindIndex.candidates(PURPOSE.pinFrameSession, session).some((hash) => {
    const x = Buffer.from(hash);
    return x.length === y.length && timingSafeEqual(x, y);
  });
}
