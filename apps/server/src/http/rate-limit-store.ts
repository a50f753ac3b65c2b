import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

type Incr = FastifyRateLimitStore['incr'];
type RouteParams = Parameters<FastifyRateLimitStore['child']>[0];
/** A store that can also say a count without counting (the plugin's `{ increment: false }`). */
type ReadableStore = FastifyRateLimitStore & { read: Incr };

export interface SharedLimitOptions {
  redis: Redis;
  /** Prefix of the counters' keys in Redis. */
  nameSpace: string;
  /** Told of every request counted in this process instead of in Redis, with the error if there was one. */
  onFallback: (error: Error | undefined) => void;
}

/**
 * Counts in Redis while it answers and in this process while it does not, so a Redis outage
 * never switches the per-address limits off (the plugin's `skipOnError` would let every request
 * through). During an outage each process counts on its own: with N processes an address gets
 * up to N × the limit, not unlimited. The counters in Redis and those of each process are the
 * plugin's own stores (same keys and windows as without the fallback).
 */
class FallbackStore implements ReadableStore {
  constructor(
    private readonly shared: ReadableStore,
    private readonly local: ReadableStore,
    private readonly options: SharedLimitOptions,
  ) {}

  incr(...args: Parameters<Incr>): void {
    this.#either('incr', ...args);
  }

  /** The count so far without counting: the brand API reads its failed authentications before a key lookup. */
  read(...args: Parameters<Incr>): void {
    this.#either('read', ...args);
  }

  #either(method: 'incr' | 'read', ...[key, callback, timeWindow, max]: Parameters<Incr>): void {
    const inProcess = (error: Error | undefined) => {
      this.options.onFallback(error);
      this.local[method](key, callback, timeWindow, max);
    };
    // Not connected (down, or reconnecting): count here at once rather than wait for the
    // connection to time out on every request.
    if (this.options.redis.status !== 'ready') return inProcess(undefined);
    this.shared[method](
      key,
      (error, result) => {
        if (error || !result) inProcess(error ?? undefined);
        else callback(null, result);
      },
      timeWindow,
      max,
    );
  }

  child(routeParams: RouteParams): ReadableStore {
    // Each store's child is a store of its own kind, with `read` like its parent.
    return new FallbackStore(this.shared.child(routeParams) as ReadableStore, this.local.child(routeParams) as ReadableStore, this.options);
  }
}

/** The store @fastify/rate-limit builds (`store` option): Redis first, this process when Redis is away. */
export function sharedLimitStore(options: SharedLimitOptions): FastifyRateLimitStoreCtor {
  return class extends FallbackStore {
    constructor(settings: FastifyRateLimitOptions) {
      // The plugin hands its merged settings; the typings name them RateLimitOptions.
      const params = settings as RateLimitOptions;
      super(
        new RedisStore(params.continueExceeding, params.exponentialBackoff, options.redis, options.nameSpace),
        new LocalStore(params.continueExceeding, params.exponentialBackoff, params.cache),
        options,
      );
    }
  };
}

/** At most one warning a minute: an outage must show in the log without flooding it. */
const WARN_EVERY_MS = 60_000;

export interface FallbackReporter {
  onFallback: (error: Error | undefined) => void;
}

/**
 * Logs the Redis connection's troubles (ioredis reports each failed reconnect as an `error`
 * event, which must have a listener) and every request counted in-process: the counter goes up
 * each time, the log warns at most once a minute and says when Redis answers again.
 */
export function reportRedisFallbacks(
  redis: Redis,
  log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void },
  counter: { inc: () => void },
): FallbackReporter {
  let lastWarning = -Infinity;
  let since = 0;
  let down = false;
  const warn = (error: Error | undefined) => {
    down = true;
    const now = Date.now();
    if (now - lastWarning < WARN_EVERY_MS) return;
    lastWarning = now;
    log.warn(
      { redisStatus: redis.status, error: error?.message, countedInProcess: since },
      'Redis unreachable: rate limits are counted in this process until it answers again',
    );
    since = 0;
  };
  redis.on('error', (error: Error) => warn(error));
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    lastWarning = -Infinity;
    log.info({ countedInProcess: since }, 'Redis answers again: rate limits are shared again');
    since = 0;
  });
  return {
    onFallback: (error) => {
      counter.inc();
      since += 1;
      warn(error);
    },
  };
}

/**
 * Resolves once the first connection attempt has ended, either way (ready, refused, timed out),
 * so the first requests after start are counted where they will be counted from then on.
 */
export function firstConnection(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      redis.off('ready', done);
      redis.off('error', done);
      redis.off('end', done);
      resolve();
    };
    redis.once('ready', done);
    redis.once('error', done);
    redis.once('end', done);
  });
}
