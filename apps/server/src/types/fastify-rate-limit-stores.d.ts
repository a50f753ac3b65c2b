// The two stores @fastify/rate-limit ships (store/*.js, CommonJS, without type declarations of
// their own); http/rate-limit-store.ts puts them together. Their constructors as the plugin calls them,
// with the `read` (a count without counting) both have and the plugin's typings leave out.
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';

  const RedisStore: new (continueExceeding: boolean | undefined, exponentialBackoff: boolean | undefined, redis: Redis, key?: string) => FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] };
  export default RedisStore;
}

declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';

  const LocalStore: new (continueExceeding: boolean | undefined, exponentialBackoff: boolean | undefined, cache?: number) => FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] };
  export default LocalStore;
}
