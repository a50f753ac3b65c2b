import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer, built once from the configuration. The balance
 * embed swaps frame-ancestors for the brand's allowed origins (http/web-app.ts).
 */
export type CspDirectives = Record<string, string[]>;

/** What the CSP must allow for the configured captcha: nothing more for ALTCHA (served from 'self'). */
export interface CspCaptcha {
  provider: 'altcha' | 'recaptcha' | 'test';
  recaptchaDomain: 'www.google.com' | 'www.recaptcha.net';
}

/**
 * The sources Google documents for reCAPTCHA v2 under a CSP (reCAPTCHA FAQ, "I'm using Content
 * Security Policy"): its script from the chosen domain and gstatic, its frames from the chosen
 * domain and the bare one. Paths keep them to /recaptcha/ only. connect-src covers the widget's
 * own requests to its domain.
 */
function recaptchaSources(domain: CspCaptcha['recaptchaDomain']): { script: string[]; frame: string[]; connect: string[] } {
  const bare = domain === 'www.google.com' ? 'recaptcha.google.com' : 'recaptcha.net';
  return {
    script: [`https://${domain}/recaptcha/`, 'https://www.gstatic.com/recaptcha/'],
    frame: [`https://${domain}/recaptcha/`, `https://${bare}/recaptcha/`],
    connect: [`https://${domain}/recaptcha/`],
  };
}

export function cspDirectives(pinFrameUrl: string, captcha?: CspCaptcha): CspDirectives {
  const recaptcha = captcha?.provider === 'recaptcha' ? recaptchaSources(captcha.recaptchaDomain) : { script: [], frame: [], connect: [] };
  return {
    'default-src': ["'self'"],
    // 'wasm-unsafe-eval' lets the card scanner compile its own WebAssembly decoder (zxing-wasm,
    // served from /assets); it allows no JavaScript eval (docs/decisions/012-card-scanner.md).
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...recaptcha.script],
    // No 'unsafe-inline': the built web app has no <style> element and no style attribute in its
    // HTML; React sets style={} through the CSSOM, which CSP does not govern (docs/security.md#headers).
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", ...recaptcha.connect],
    'frame-src': [new URL(pinFrameUrl).origin, ...recaptcha.frame],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * Browser features no page of Tessera uses, denied to every answer and to any frame inside it.
 * Each name is one Chromium knows (an unknown one logs an error in the console of every page).
 */
const DENIED_FEATURES = [
  'accelerometer',
  'browsing-topics',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

/**
 * The Permissions-Policy of an answer: camera for this origin alone on the pages that may show the
 * card scanner (app/scanner-pages.ts decides which), denied everywhere else, and the features above
 * denied everywhere.
 */
export function permissionsPolicy(options: { camera: boolean }): string {
  return [`camera=${options.camera ? '(self)' : '()'}`, ...DENIED_FEATURES.map((feature) => `${feature}=()`)].join(', ');
}

/** frame-ancestors for the embed: '*' stays a wildcard, origins are listed, nothing means 'none'. */
export function embedFrameAncestors(origins: readonly string[]): string[] {
  if (origins.includes('*')) return ['*'];
  return origins.length > 0 ? [...origins] : ["'none'"];
}

/**
 * The headers @fastify/helmet sets with these options, worked out once. The plugin runs helmet()
 * again, re-validating and re-serialising every policy, on each request; the headers never depend
 * on the request, so a probe app answers them once at start-up and installSecurityHeaders sets
 * the same names and values on every answer.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Array<[string, string | number | string[]]>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(fastifyHelmet, options);
    let headers: Array<[string, string | number | string[]]> = [];
    // Nothing but helmet has set a header on the raw response when the handler runs.
    probe.get('/', async (_request, reply) => {
      headers = Object.entries(reply.raw.getHeaders()).filter(
        (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
      );
      return '';
    });
    await probe.inject({ url: '/' });
    if (headers.length === 0) throw new Error('helmet set no headers');
    return headers;
  } finally {
    await probe.close();
  }
}

/** Sets the security headers on the raw response of every request, as @fastify/helmet did. */
export function installSecurityHeaders(app: FastifyInstance, headers: ReadonlyArray<readonly [string, string | number | string[]]>): void {
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
