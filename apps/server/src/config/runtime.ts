import path from 'node:path';
import { z } from 'zod';
import { appRoot } from '../resources.js';
import { flag, port, type Problems, type SettingsOf } from './settings.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** TRUST_PROXY: false, true, a hop count, or a comma-separated list of proxy addresses/CIDRs. */
const trustProxy = z.string().transform((value): boolean | number | string[] => {
  const v = value.trim().toLowerCase();
  if (['', 'false', '0', 'no', 'off'].includes(v)) return false;
  if (['true', 'yes', 'on'].includes(v)) return true;
  if (/^\d+$/.test(v)) return Number(v);
  return value.split(',').map((s) => s.trim()).filter(Boolean);
});

/** How the process runs: environment, listening address, demo mode, proxies, logging. */
export const runtimeSettings = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(8080),
  HOST: z.string().min(1).optional(),
  DEMO_MODE: flag.optional(),
  /** Migrate the database when the server (or a CLI command) starts: on by default outside production. */
  MIGRATE_ON_START: flag.optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WEB_DIST: z.string().min(1).optional(),
  ADMIN_DIST: z.string().min(1).optional(),
  DEFAULT_BRAND: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
  TRUST_PROXY: trustProxy.default(false),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** The bearer token GET /metrics wants; without it /metrics answers 404. */
  METRICS_TOKEN: z.string().regex(/^[\x21-\x7e]{16,256}$/, '16 to 256 printable characters without spaces').optional(),
};

export interface RuntimeConfig {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  /** Bring the schema up to date at start (MIGRATE_ON_START; production: off, run `tessera db migrate`). */
  migrateOnStart: boolean;
  port: number;
  host: string;
  demoMode: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  webDist: string;
  /** The back office's build (apps/admin/dist), served at /admin/ where the back office answers. */
  adminDist: string;
  defaultBrand: string | undefined;
  trustProxy: boolean | number | string[];
  redisUrl: string | undefined;
  /** The token Prometheus sends to GET /metrics (Authorization: Bearer …); undefined: no metrics endpoint. */
  metricsToken: string | undefined;
}

/** Loopback names and addresses: what a demo may listen on without DEMO_MODE=true. */
function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '::ffff:127.0.0.1';
}

export function parseRuntime(e: SettingsOf<typeof runtimeSettings>, problems: Problems): RuntimeConfig {
  const isProduction = e.NODE_ENV === 'production';
  const demoMode = e.DEMO_MODE ?? !isProduction;
  if (isProduction && demoMode) problems.push('DEMO_MODE: demo mode is refused in production');
  const host = e.HOST ?? (isProduction ? '0.0.0.0' : 'localhost');
  // Demo mode has a sandbox bank where anyone passes the identity check and an outbox anyone can
  // read: left on by accident (NODE_ENV forgotten), it must not be reachable from other machines.
  if (demoMode && e.DEMO_MODE === undefined && !isLoopbackHost(host)) {
    problems.push(`HOST: demo mode (NODE_ENV is not production) listens on loopback addresses only; set DEMO_MODE=true to serve the demo on ${host} on purpose`);
  }
  if (isProduction && e.TRUST_PROXY === true) {
    problems.push('TRUST_PROXY: true would take the client address from any X-Forwarded-For; give the number of proxy hops or the proxies\' addresses');
  }
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    migrateOnStart: e.MIGRATE_ON_START ?? !isProduction,
    port: e.PORT,
    host,
    demoMode,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(appRoot, '..', '..', 'web', 'dist')),
    adminDist: path.resolve(e.ADMIN_DIST ?? path.join(appRoot, '..', '..', 'admin', 'dist')),
    defaultBrand: e.DEFAULT_BRAND,
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    metricsToken: e.METRICS_TOKEN,
  };
}
