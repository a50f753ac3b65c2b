/**
 * The last step of the API document (/api/openapi.json), after @fastify/swagger and the zod
 * transform have made it from the routes: what no single route says. Pure: document in, document out.
 */

type Json = Record<string, unknown>;
interface Operation extends Json {
  responses: Record<string, Json>;
  security?: unknown[];
}

/** Marks, in a route's transformed schema, an operation with a per-address limit (config.rateLimit). */
export const RATE_LIMITED_MARK = 'x-tessera-rate-limited';

const SCHEMA_REF = '#/components/schemas/';
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** A header whose value is a count (of requests, of seconds). */
const countHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

/** The response headers the document describes, written once. */
const HEADERS = {
  'X-Request-Id': {
    description: 'The id under which the server logged this request: quote it in a question to support.',
    schema: { type: 'string' },
  },
  'Retry-After': {
    description: 'Seconds to wait before the next request.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Limit': countHeader('Requests this client address may make in the window (a minute).'),
  'X-RateLimit-Remaining': countHeader('Requests left in the current window.'),
  'X-RateLimit-Reset': countHeader('Seconds until the current window ends.'),
  'Idempotent-Replayed': {
    description: 'true when this is the stored answer of an earlier request with the same Idempotency-Key (nothing was done again); absent otherwise.',
    schema: { type: 'string', enum: ['true'] },
  },
};

/** What each status means where the route gave no description of its own. */
const STATUS_TEXT: Record<string, string> = {
  '200': 'The answer.',
  '201': 'Created.',
  '303': 'See Other.',
  '304': 'Not modified: the ETag in If-None-Match is current; no body.',
  '400':
    'Refused: VALIDATION_ERROR (with fields) for a malformed request or malformed JSON, or the business refusal the operation describes.',
  '401': 'UNAUTHORIZED: no API key, or an unknown or revoked one.',
  '403': 'FLOW_UNAVAILABLE (the brand does not offer this flow) or FORBIDDEN (the API key lacks the scope).',
  '404': 'Not found: the code says what (THEME_NOT_FOUND, CARD_NOT_FOUND, NOT_FOUND, …).',
  '409': 'A conflict: IDEMPOTENCY_CONFLICT or IDEMPOTENCY_KEY_IN_USE, as the operation describes.',
  '413': 'PAYLOAD_TOO_LARGE: the body is larger than the server takes.',
  '415': 'UNSUPPORTED_MEDIA_TYPE: a body not sent as application/json (a form, text/plain, no Content-Type).',
  '422': 'IDEMPOTENCY_KEY_REUSED: this Idempotency-Key came with another request before; nothing was done.',
  '429': 'RATE_LIMITED: too many requests; retry after Retry-After seconds.',
  '431': 'HEADERS_TOO_LARGE: the request line and headers are larger than the server takes; the connection is closed.',
  '500': 'INTERNAL_ERROR: something went wrong on the server\u2019s side; nothing is told of what.',
  '503': 'Not ready.',
};

export interface FinishOptions {
  /** PUBLIC_URL: the document's one server. */
  publicUrl: string;
  /** Request examples by the name of their schema (schema-names.ts), put back where zod left them out. */
  requestExamples?: ReadonlyMap<string, unknown>;
}

export function finishDocument<T extends Json>(document: T, { publicUrl, requestExamples = new Map() }: FinishOptions): T {
  const doc = document as Json & { paths: Record<string, Record<string, Operation>>; components: Json & { schemas?: Record<string, Json> } };
  doc.servers = [{ url: publicUrl.replace(/\/+$/, ''), description: 'This Tessera (PUBLIC_URL)' }];
  doc.components.headers = HEADERS;
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) finishOperation(op, { rateLimited: op[RATE_LIMITED_MARK] === true, idempotent: path.startsWith('/api/v1/') && method === 'post' });
  }
  nameComponents(doc);
  addRequestExamples(doc.components.schemas ?? {}, requestExamples);
  return document;
}

/**
 * zod's document leaves a schema's examples out on the request side when a field of it transforms
 * its input (the card number, typed with spaces, read as digits): the examples are put back on the
 * named request schemas here, as written for a person to type.
 */
function addRequestExamples(schemas: Record<string, Json>, examples: ReadonlyMap<string, unknown>): void {
  for (const [name, example] of examples) {
    const schema = schemas[name] ?? schemas[`${name}Input`];
    if (schema && schema.examples === undefined) schema.examples = [example];
  }
}

function finishOperation(op: Operation, { rateLimited, idempotent }: { rateLimited: boolean; idempotent: boolean }): void {
  delete op[RATE_LIMITED_MARK];
  // Every operation says how it is secured: the brand API's bearer key, or nothing.
  op.security ??= [];
  for (const [status, response] of Object.entries(op.responses)) {
    if (!response.description || response.description === 'Default Response') response.description = STATUS_TEXT[status] ?? 'See the operation.';
    // 431 comes from the HTTP parser, before the request has an id or meets a limit.
    if (status === '431') continue;
    const headers: Json = { 'X-Request-Id': headerRef('X-Request-Id') };
    if (rateLimited) {
      for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) headers[name] = headerRef(name);
    }
    if (status === '429') headers['Retry-After'] = headerRef('Retry-After');
    if (idempotent && status.startsWith('2')) headers['Idempotent-Replayed'] = headerRef('Idempotent-Replayed');
    response.headers = { ...(response.headers as Json | undefined), ...headers };
  }
}

/**
 * The zod transform makes two entries of every named schema: X for answers and XInput for
 * requests. One name is kept where only one side is used or both say the same; both where they
 * differ (an answer's object admits no other property, a request's may); unused ones go.
 */
function nameComponents(doc: Json & { components: Json & { schemas?: Record<string, Json> } }): void {
  let schemas = doc.components.schemas ?? {};
  let text = JSON.stringify({ ...doc, components: { ...doc.components, schemas: {} } });
  const rename = (from: string, to: string) => {
    const pattern = `"${SCHEMA_REF}${from}"`;
    const target = `"${SCHEMA_REF}${to}"`;
    text = text.split(pattern).join(target);
    schemas = JSON.parse(JSON.stringify(schemas).split(pattern).join(target)) as Record<string, Json>;
  };
  for (let changed = true; changed; ) {
    changed = false;
    const used = usedSchemas(text, schemas);
    for (const name of Object.keys(schemas)) {
      const base = name.endsWith('Input') ? name.slice(0, -'Input'.length) : null;
      if (!base || !(base in schemas)) continue;
      const same = JSON.stringify(schemas[name]) === JSON.stringify(schemas[base]);
      if (!used.has(name)) {
        delete schemas[name];
      } else if (!used.has(base)) {
        schemas[base] = schemas[name]!;
        delete schemas[name];
        rename(name, base);
      } else if (same) {
        delete schemas[name];
        rename(name, base);
      } else {
        continue;
      }
      changed = true;
    }
  }
  const used = usedSchemas(text, schemas);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  const finished = JSON.parse(text) as Json & { components: Json };
  for (const key of Object.keys(doc)) delete doc[key];
  Object.assign(doc, finished, { components: { ...finished.components, schemas: kept } });
}

/** The named schemas the paths reach, directly or through other named schemas. */
function usedSchemas(pathsText: string, schemas: Record<string, Json>): Set<string> {
  const refs = (text: string) => [...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
  const used = new Set<string>();
  const queue = refs(pathsText);
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (used.has(name) || !(name in schemas)) continue;
    used.add(name);
    queue.push(...refs(JSON.stringify(schemas[name])));
  }
  return used;
}
