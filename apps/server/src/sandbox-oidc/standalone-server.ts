import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../http/route-types.js';

/** The settings every standalone sandbox provider reads, besides its client's. */
export const standaloneSettings = {
  SANDBOX_ISSUER_URL: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')),
  SANDBOX_CLIENT_ID: z.string().min(1),
  SANDBOX_CLIENT_SECRET: z.string().min(16),
  PORT: z.coerce.number().int().min(1).max(65535),
  HOST: z.string().default('127.0.0.1'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
};

/** Reads a standalone sandbox's settings, or ends the process with a message and exit code 78 (configuration). */
export function standaloneEnv<T extends z.ZodRawShape>(name: string, shape: T, env: NodeJS.ProcessEnv = process.env): z.output<z.ZodObject<T>> {
  const parsed = z.object(shape).safeParse(env);
  if (!parsed.success) {
    process.stderr.write(`${name}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}\n`);
    process.exit(78);
  }
  return parsed.data;
}

/** A sandbox provider's own server: its routes and /readyz. */
export async function standaloneApp(trustProxy: boolean, register: (app: App) => PromiseLike<unknown>): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: 'info' }, trustProxy }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await register(app);
  app.get('/readyz', async () => ({ status: 'ok' }));
  return app;
}

/** Listens and closes on SIGTERM or SIGINT. */
export async function listenUntilSignalled(app: FastifyInstance, port: number, host: string): Promise<void> {
  await app.listen({ port, host });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
}
