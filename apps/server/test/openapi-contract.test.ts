import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeyFor } from './helpers/brand-api.js';
import { useTestApp } from './helpers/test-app.js';

// The document tells the truth: every operation of /api/openapi.json is called with a set of
// malformed requests (and with its documented examples, where it has them), and each answer's
// status, media type and body are checked against what the document declares for it. On SQLite
// and on PostgreSQL (npm run test:pg). A new operation is covered without a line here.

const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });

type Schema = Record<string, unknown>;
interface Operation {
  operationId: string;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: Schema; example?: unknown }>;
  requestBody?: { content: Record<string, { schema?: Schema; example?: unknown; examples?: Record<string, { value: unknown }> }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  security?: Array<Record<string, unknown>>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

let doc: Document;
let ajv: Ajv2020;
let apiKey = '';
beforeAll(async () => {
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as Document;
  ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  // Operations reference the document's named schemas as #/components/schemas/…
  ajv.addSchema({ $id: 'doc', components: doc.components ?? {} });
  apiKey = await apiKeyFor(t);
});

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

function operations(): Array<{ name: string; method: string; path: string; op: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, op })),
  );
}

/** A URL for the path: each path parameter an unknown but well-formed value. */
function urlOf(path: string): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => (/theme|slug|code/i.test(name) ? 'demo' : '00000000-0000-4000-8000-000000000000'));
}

function headersFor(op: Operation): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const p of op.parameters ?? []) {
    if (p.in !== 'header' || !p.required) continue;
    const values = (p.schema?.enum as string[] | undefined) ?? [];
    headers[p.name] = values[0] ?? (p.name.toLowerCase() === 'idempotency-key' ? crypto.randomUUID() : 'x');
  }
  if (op.security?.some((s) => 'bearerAuth' in s)) headers.authorization = `Bearer ${apiKey}`;
  return headers;
}

/** The schema of an answer, with references resolved against the document. */
function validatorFor(schema: Schema) {
  const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as Schema;
  return ajv.compile(rewritten);
}

interface Sent {
  label: string;
  headers?: Record<string, string>;
  payload?: string;
}

async function checkAnswer(name: string, method: string, path: string, op: Operation, sent: Sent): Promise<string[]> {
  const res = await t.app.inject({ method: method as 'GET', url: urlOf(path), headers: { ...headersFor(op), ...sent.headers }, ...(sent.payload !== undefined && { payload: sent.payload }) });
  const where = `${name} (${sent.label}) answered ${res.statusCode}`;
  const status = String(res.statusCode);
  const declared = op.responses[status] ?? op.responses[`${status[0]}XX`] ?? op.responses.default;
  if (!declared) return [`${where}, which the document does not declare (${Object.keys(op.responses).join(', ')})`];
  if (res.statusCode === 304 || res.statusCode === 204 || res.statusCode >= 300 && res.statusCode < 400) return [];
  const mediaType = String(res.headers['content-type'] ?? '').split(';')[0]!.trim();
  const content = declared.content ?? {};
  if (!(mediaType in content)) return [`${where} as ${mediaType || 'no media type'}, declared: ${Object.keys(content).join(', ') || 'no content'}`];
  const schema = content[mediaType]!.schema;
  if (!schema || mediaType !== 'application/json') return [];
  const validate = validatorFor(schema);
  if (validate(res.json())) return [];
  return [`${where}: the body is not the declared schema: ${ajv.errorsText(validate.errors)}`];
}

describe('every operation answers as its document says', () => {
  it('to a request with no body, an empty JSON object, a form, text and malformed JSON', async () => {
    const problems: string[] = [];
    for (const { name, method, path, op } of operations()) {
      const sends: Sent[] = [{ label: 'as documented, without a body' }];
      if (op.requestBody) {
        sends.push(
          { label: 'an empty object', headers: { 'content-type': 'application/json' }, payload: '{}' },
          { label: 'a form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b' },
          { label: 'text', headers: { 'content-type': 'text/plain' }, payload: '{}' },
          { label: 'malformed JSON', headers: { 'content-type': 'application/json' }, payload: '{"a":' },
        );
      }
      for (const sent of sends) problems.push(...(await checkAnswer(name, method, path, op, sent)));
    }
    expect(problems).toEqual([]);
  });

  it('to its documented examples', async () => {
    const problems: string[] = [];
    let examples = 0;
    for (const { name, method, path, op } of operations()) {
      const json = op.requestBody?.content['application/json'];
      const named = schemaOf(json?.schema);
      const values = [json?.example, ...Object.values(json?.examples ?? {}).map((e) => e.value), ...((named?.examples as unknown[] | undefined) ?? [])].filter((v) => v !== undefined);
      for (const value of values) {
        examples++;
        problems.push(...(await checkAnswer(name, method, path, op, { label: 'its example', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(value) })));
      }
    }
    expect(problems).toEqual([]);
    // Once the document carries examples, none may go missing unnoticed.
    expect(examples).toBeGreaterThanOrEqual(EXAMPLES_AT_LEAST);
  });
});

/** How many request examples the document has today (api-document/schema-names.ts): raise it as examples are added. */
const EXAMPLES_AT_LEAST = 8;

/** A request body's schema, through its reference to a named schema. */
function schemaOf(schema: Schema | undefined): Schema | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  return doc.components?.schemas?.[ref.replace('#/components/schemas/', '')];
}
