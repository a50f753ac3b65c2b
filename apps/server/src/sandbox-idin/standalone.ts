import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDENTITY_RETURN_PATH, type IdentityConfig } from '../config/index.js';
import { sandboxIdinRoutes } from './index.js';

/**
 * The sandbox bank as a process of its own (dist/sandbox-idin.js): a stand-in for an iDIN broker
 * where a rehearsal or an acceptance environment runs the portal in production shape
 * (IDENTITY_ADAPTER=oidc, IDIN_ISSUER_URL pointing here). It is the same OpenID Connect provider
 * the embedded default mounts, on its own origin; the portal cannot tell it from a broker. Anyone
 * passes its identity check, so it never belongs in front of real cards.
 *
 * Settings: SANDBOX_ISSUER_URL (the public https issuer, path included), SANDBOX_PORTAL_URL (the
 * portal's PUBLIC_URL: its return endpoint is the one redirect URI), SANDBOX_CLIENT_ID,
 * SANDBOX_CLIENT_SECRET, SANDBOX_CLIENT_AUTH, PORT, HOST, TRUST_PROXY (true behind a TLS proxy).
 */
const env = z
  .object({
    SANDBOX_ISSUER_URL: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')),
    SANDBOX_PORTAL_URL: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')),
    SANDBOX_CLIENT_ID: z.string().min(1),
    SANDBOX_CLIENT_SECRET: z.string().min(16),
    SANDBOX_CLIENT_AUTH: z.enum(['client_secret_basic', 'client_secret_post']).default('client_secret_basic'),
    PORT: z.coerce.number().int().min(1).max(65535),
    HOST: z.string().default('127.0.0.1'),
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  })
  .safeParse(process.env);
if (!env.success) {
  process.stderr.write(`sandbox iDIN: ${env.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}\n`);
  process.exit(78);
}
const e = env.data;

const identity: IdentityConfig = {
  adapter: 'sandbox',
  issuerUrl: e.SANDBOX_ISSUER_URL,
  clientId: e.SANDBOX_CLIENT_ID,
  clientSecret: e.SANDBOX_CLIENT_SECRET,
  clientAuth: e.SANDBOX_CLIENT_AUTH,
  scopes: ['openid'],
  acrValues: undefined,
  issuerParam: 'idin_issuer',
  redirectUri: `${e.SANDBOX_PORTAL_URL}${IDENTITY_RETURN_PATH}`,
  allowInsecureRequests: false,
};
const trustProxy = e.TRUST_PROXY === 'true';

const app = Fastify({ logger: { level: 'info' }, trustProxy }).withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
await app.register(sandboxIdinRoutes, { identity, trustProxy, now: () => new Date() });
app.get('/readyz', async () => ({ status: 'ok' }));
await app.listen({ port: e.PORT, host: e.HOST });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
