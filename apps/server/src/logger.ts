import { randomUUID } from 'node:crypto';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config/index.js';

/**
 * Everything that could carry a card number or a secret, wherever it might appear in a log line.
 * Request bodies are never logged (Fastify's serializers leave them out); these paths are the
 * second line of defence for anything that logs an object by hand.
 */
const SENSITIVE_FIELDS = [
  'cardNumber',
  'giftCardNumber',
  'securityCode',
  'pinCode',
  'passcode',
  'pin',
  'otcNumber',
  'oneTimeCode',
  'recoveryCode',
  '"g-recaptcha-response"',
  'captchaToken',
  'token',
  'key',
  'iban',
  'bankAccountNumber',
  // Personal data: the address a replacement card is e-mailed to.
  'email',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-altcha"]',
  'res.headers["set-cookie"]',
  'body',
  'req.body',
  ...SENSITIVE_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

/**
 * Query parameters whose values never reach a log line: the PIN frame's one-time key
 * (/pin-frame?key=…); the identity return's authorization code and OpenID Connect state
 * (/api/Authentication/return?code=…&state=…), the sandbox provider's state and nonce, the
 * sessionId of the IDENTIFY customer call (docs/decisions/014), and the recipient a tester filters
 * the local outbox by (/dev/outbox?to=…: an e-mail address or phone number, personal data).
 */
const SECRET_QUERY = /([?&](?:key|token|code|state|nonce|sessionId|session_state|id_token|access_token|to)=)[^&#]*/gi;

/**
 * Fastify's request serializer (method, url, host, address), with secret query values censored.
 * pino's serializers take precedence over Fastify's defaults for the same key.
 */
function requestSerializer(req: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? req.url.replace(SECRET_QUERY, '$1[redacted]') : req.url,
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      serializers: { req: requestSerializer },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: { service: 'tessera' },
    },
    destination,
  );
}

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that becomes a real pino child (with the request id) only when something is
 * logged at an enabled level. pino serialises and redacts a child's bindings when it is created,
 * which Fastify does for every request; at LOG_LEVEL=warn most requests log nothing, so most
 * never need one. What is written, and how it is redacted, is unchanged.
 */
class LazyChildLogger {
  #child: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Record<string, unknown>,
    private readonly options: Record<string, unknown>,
  ) {}

  #real(): Logger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  #logAt(method: LogMethod): (...args: unknown[]) => void {
    return (...args) => {
      if (!this.#child && !this.parent.isLevelEnabled(method)) return;
      (this.#real()[method] as (...a: unknown[]) => void)(...args);
    };
  }

  get level(): string {
    return this.#child ? this.#child.level : this.parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  readonly fatal = this.#logAt('fatal');
  readonly error = this.#logAt('error');
  readonly warn = this.#logAt('warn');
  readonly info = this.#logAt('info');
  readonly debug = this.#logAt('debug');
  readonly trace = this.#logAt('trace');
  silent(): void {}

  isLevelEnabled(level: string): boolean {
    return this.#child ? this.#child.isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }

  child(bindings: Record<string, unknown>, options?: Record<string, unknown>): Logger {
    return this.#real().child(bindings, options);
  }
}

/**
 * Fastify's childLoggerFactory: a lazy child, unless the route asks for its own level or
 * serializers (then the level checks must be the child's, so it is made at once).
 */
export function lazyChildLoggerFactory(logger: Logger, bindings: Record<string, unknown>, options: Record<string, unknown>): Logger {
  if (options && Object.keys(options).length > 0) return logger.child(bindings, options);
  return new LazyChildLogger(logger, bindings, options) as unknown as Logger;
}

/** What an incoming X-Request-Id may look like: no spaces, quotes or control characters to forge log lines with. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request in every log line and in the X-Request-Id answer header: the one the proxy
 * in front sent, when there is a trusted proxy (TRUST_PROXY) and it looks like an id, so the
 * proxy's and the server's lines join up across replicas; otherwise a fresh UUID (never a
 * per-process counter, which repeats across replicas and restarts). A client's own header is
 * not trusted without a proxy: it could make its requests look like someone else's.
 */
export function requestIdOf(header: string | string[] | undefined, trustedProxy: boolean): string {
  if (trustedProxy && typeof header === 'string' && REQUEST_ID.test(header)) return header;
  return randomUUID();
}

