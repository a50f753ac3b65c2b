import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { declareCommonAnswers } from '../../http/common-answers.js';
import { finishDocument, RATE_LIMITED_MARK } from './finish.js';
import { nameApiSchemas, requestExamplesByName } from './schema-names.js';

/**
 * The API document (/api/openapi.json), made from the routes' own zod schemas: named schemas as
 * components (schema-names.ts), every answer a route can give (http/common-answers.ts), then what
 * no route says alone (finish.ts). Registered before the routes, whose onRoute it needs.
 */
export async function registerApiDocument(app: FastifyInstance, { publicUrl }: { publicUrl: string }): Promise<void> {
  nameApiSchemas();
  declareCommonAnswers(app);
  const transform = createJsonSchemaTransform({});
  const transformObject = createJsonSchemaTransformObject({});
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tessera API',
        version: '1.0.0',
        description:
          'Self-service portal for prepaid Visa cards and gift cards, and the brand API (/api/v1, tag brand-api; docs/brand-api.md). ' +
          'Answers carry X-Request-Id; every error is {code, message} (the Error schema).',
        // The project is private and ships no licence file: all rights reserved (SPDX has no id for that).
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      components: {
        securitySchemes: {
          // The brand API's keys (tessera api-keys create): Authorization: Bearer tsk_…
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'A brand API key (tsk_…) from `tessera api-keys create`.' },
        },
      },
    },
    transform: (input) => {
      const result = transform(input);
      const limited = (input.route.config as { rateLimit?: unknown } | undefined)?.rateLimit;
      return limited && result.schema ? { ...result, schema: { ...result.schema, [RATE_LIMITED_MARK]: true } } : result;
    },
    transformObject: (input) => finishDocument(transformObject(input) as Record<string, unknown>, { publicUrl, requestExamples: requestExamplesByName() }) as ReturnType<typeof transformObject>,
  });
}
