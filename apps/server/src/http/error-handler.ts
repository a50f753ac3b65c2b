import type { ApiError } from '@tessera/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

function send(reply: FastifyReply, status: number, body: ApiError) {
  reply.errorCode = body.code;
  return reply.status(status).header('cache-control', 'no-store').send(body);
}

/**
 * The one error handler: AppError → its status and code; validation → 400 VALIDATION_ERROR with
 * fields; malformed or oversized bodies → 400/413. Anything else is logged and answered as a
 * bare 500, so internals never reach the client.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      request.log.info({ code: error.code }, 'request refused');
      return send(reply, error.status, {
        code: error.code,
        message: error.message,
        ...(error.fields && { fields: error.fields }),
        ...(error.problems && { problems: error.problems }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A field's path without its part (body, querystring, headers, params): the same shape as the
      // problems services find, e.g. `giftCardNumber`, `sessionId`, `x-flow-type`.
      const fields = error.validation.map((v) => ({
        path: String(v.instancePath).split('/').filter(Boolean).join('.') || `(${error.validationContext ?? 'body'})`,
        message: v.message ?? 'invalid',
      }));
      return send(reply, 400, { code: 'VALIDATION_ERROR', message: 'The request is not valid.', fields });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return send(reply, 413, { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' });
    }
    if (error.statusCode === 429) {
      return send(reply, 429, { code: 'RATE_LIMITED', message: 'Too many requests; please slow down.' });
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, empty body, wrong content type and the like: the client's mistake.
      if (error.statusCode === 415) return send(reply, 415, { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send JSON (Content-Type: application/json).' });
      if (error.statusCode === 404) return send(reply, 404, { code: 'NOT_FOUND', message: 'Not found.' });
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The body is not valid JSON.' : 'The request is not valid.';
      return send(reply, 400, { code: 'VALIDATION_ERROR', message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, 500, { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' });
  });
}
