import { FLOW_TYPE_HEADER } from '@tessera/contracts';
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../deps.js';

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The facts of a request a service may use (never its body). request.ip honours TRUST_PROXY. */
export function requestContext(request: FastifyRequest): RequestContext {
  return {
    clientAddress: request.ip,
    flowTypeHeader: firstHeader(request.headers[FLOW_TYPE_HEADER])?.trim(),
    userAgent: firstHeader(request.headers['user-agent']),
    acceptLanguage: firstHeader(request.headers['accept-language']),
  };
}
