/**
 * The Content-Security-Policy of every answer, built once from the configuration. The balance
 * embed swaps frame-ancestors for the brand's allowed origins (http/web-app.ts).
 */
export type CspDirectives = Record<string, string[]>;

export function cspDirectives(pinFrameUrl: string): CspDirectives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'"],
    'frame-src': [new URL(pinFrameUrl).origin],
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

/** frame-ancestors for the embed: '*' stays a wildcard, origins are listed, nothing means 'none'. */
export function embedFrameAncestors(origins: readonly string[]): string[] {
  if (origins.includes('*')) return ['*'];
  return origins.length > 0 ? [...origins] : ["'none'"];
}
