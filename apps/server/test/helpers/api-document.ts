import type { FastifyInstance } from 'fastify';

/** A part of the document, read as the tests read any JSON answer (inject's json()): untyped. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/**
 * The served API document, with `schema(x)`: a schema with its $ref to components.schemas followed
 * (the document names its schemas), so a test reads a body's fields wherever they are written.
 */
export async function servedDocument(app: FastifyInstance): Promise<{ doc: Json; schema: (x: Json) => Json }> {
  const doc = (await app.inject({ url: '/api/openapi.json' })).json() as Json;
  const schema = (x: Json): Json => {
    const ref = x?.$ref as string | undefined;
    if (!ref) return x;
    const named = doc.components.schemas[ref.replace('#/components/schemas/', '')];
    if (!named) throw new Error(`${ref} is not in components.schemas`);
    return schema(named);
  };
  return { doc, schema };
}
