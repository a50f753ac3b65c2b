import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { STAFF_CALLBACK_PATH } from '../config/index.js';
import { standaloneApp, standaloneSettings } from '../sandbox-oidc/standalone-server.js';
import { sandboxStaffRoutes } from './index.js';

/** The standalone staff provider's settings: the common ones and the back office's origin. */
export const standaloneStaffSettings = {
  ...standaloneSettings,
  /** The back office's ADMIN_URL: its callback is the one redirect URI. */
  SANDBOX_ADMIN_URL: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')),
};

export type StandaloneStaffSettings = z.output<z.ZodObject<typeof standaloneStaffSettings>>;

/** The sandbox staff provider on a server of its own, not yet listening. */
export function standaloneStaffApp(e: StandaloneStaffSettings): Promise<FastifyInstance> {
  const trustProxy = e.TRUST_PROXY === 'true';
  const client = { issuerUrl: e.SANDBOX_ISSUER_URL, clientId: e.SANDBOX_CLIENT_ID, clientSecret: e.SANDBOX_CLIENT_SECRET, redirectUri: `${e.SANDBOX_ADMIN_URL}${STAFF_CALLBACK_PATH}` };
  return standaloneApp(trustProxy, (scope) => scope.register(sandboxStaffRoutes, { client, trustProxy }));
}
