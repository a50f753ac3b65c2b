import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

/**
 * A brand's client of the Tessera API: every path, parameter, body and answer typed from the
 * document the server serves (src/schema.d.ts). The key goes in every request's Authorization
 * header; each POST carries its own Idempotency-Key, which a retry of the same call repeats.
 */
export function tesseraClient(baseUrl: string, apiKey: string) {
  return createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${apiKey}` } });
}

export type TesseraClient = ReturnType<typeof tesseraClient>;

/** The answer's data, or an Error saying the status and the API's `{code, message}`. */
export function dataOf<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data !== undefined) return result.data;
  const error = result.error as { code?: string; message?: string } | undefined;
  throw new Error(`${result.response.status} ${error?.code ?? ''}: ${error?.message ?? 'no answer'}`);
}
