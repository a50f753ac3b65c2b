import { httpUrl, type Problems } from './settings.js';

/** Where cardholders reach the portal, and the PIN frame's own origin. */
export const urlSettings = {
  PUBLIC_URL: httpUrl.optional(),
  PIN_FRAME_URL: httpUrl.optional(),
};

export interface UrlsConfig {
  publicUrl: string;
  pinFrameUrl: string;
}

export function parseUrls(e: { PUBLIC_URL?: string; PIN_FRAME_URL?: string; PORT: number }, isProduction: boolean, problems: Problems): UrlsConfig {
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  // Production serves cardholders over TLS only: cookies, redirects and the PIN frame's
  // frame-ancestors are all built from this address.
  if (isProduction && !e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production (the https address cardholders reach the portal at)');
  else if (isProduction && !publicUrl.startsWith('https:')) problems.push('PUBLIC_URL: must be https in production');
  // The PIN frame needs an origin of its own. The default is the loopback address on the same
  // port, unless the portal itself is reached there; then it is localhost.
  const pinFrameUrl =
    e.PIN_FRAME_URL ?? (new URL(publicUrl).host === `127.0.0.1:${e.PORT}` ? `http://localhost:${e.PORT}` : `http://127.0.0.1:${e.PORT}`);
  if (new URL(pinFrameUrl).host === new URL(publicUrl).host) {
    problems.push('PIN_FRAME_URL: must be another host than PUBLIC_URL (the PIN frame needs an origin of its own)');
  }
  if (isProduction && !pinFrameUrl.startsWith('https:')) problems.push('PIN_FRAME_URL: must be https in production');
  return { publicUrl, pinFrameUrl };
}
