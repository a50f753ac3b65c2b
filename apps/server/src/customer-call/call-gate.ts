import { brandIdParam, FLOW_TYPE_HEADER, type FlowType, flowCodeOf } from '@tessera/contracts';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { AuditEvent } from '../db/repositories/audit.js';
import type { BrandFlowRow, BrandRow } from '../db/schema.js';
import { truncateAddress } from '../domain/client-address.js';
import type { RequestContext, ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { requestContext } from '../http/request-context.js';
import type { RouteOptions } from '../http/route-types.js';
import { offersFlow, requireBrandOfPath, requireKnownBrand, requireOfferedFlowType } from './brand-gate.js';

/** What a customer route declares about its brand and flow; the gate checks it before the body. */
export interface CallGate {
  /** Where the brand is named: the path's {themeCode}, or the body's `code` (the gift card lookups). */
  brandIn: 'path' | 'body';
  /** The x-flow-type values the call accepts; the first is the call's flow when the header may be absent. */
  flowTypes: readonly [FlowType, ...FlowType[]];
  /** 'optional' where the spec's web app sends no x-flow-type (three VISA calls): absent counts as flowTypes[0]. */
  flowTypeHeader?: 'required' | 'optional';
  /** A condition of this deployment the call also needs (bank identity configured): else 403 FLOW_UNAVAILABLE. */
  available?: (deps: ServiceDeps) => boolean;
}

/** A customer call past the gate: its brand with its flows, its flow type and the request's facts. */
export interface CustomerCall extends RequestContext {
  brand: BrandRow;
  flows: BrandFlowRow[];
  flowType: FlowType;
}

/** The fields every audit event of a customer call carries; the address truncated. */
export type AuditFields = Omit<AuditEvent, 'outcome' | 'detail'>;
export function auditOf(call: CustomerCall, type: AuditEvent['type']): AuditFields & { flowType: FlowType } {
  return { type, brandId: call.brand.id, flowType: call.flowType, client: truncateAddress(call.clientAddress) };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the call gate (preValidation) of a customer route; null on every other route. */
    customerCall: CustomerCall | null;
  }
}

/** The brand code a lookup body names, read before validation so the checks keep the contract's order. */
function brandCodeOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string' && body.code.length > 0) {
    return body.code.slice(0, 64);
  }
  return undefined;
}

function requireFlow(gate: CallGate, header: string | undefined, flows: readonly BrandFlowRow[]): FlowType {
  const [own] = gate.flowTypes;
  if (gate.flowTypeHeader === 'optional' && header === undefined) {
    if (!offersFlow(flows, flowCodeOf[own])) throw new AppError('FLOW_UNAVAILABLE');
    return own;
  }
  return requireOfferedFlowType(header, gate.flowTypes, flows);
}

/**
 * The first checks of every customer call, in the contract's order (docs/product/common.md#order-of-checks),
 * as a preValidation hook: the brand (404 THEME_NOT_FOUND), then x-flow-type (400 VALIDATION_ERROR
 * when missing or foreign, 403 FLOW_UNAVAILABLE when the brand does not offer the flow). Fastify
 * validates params, body, query and headers after it (400 VALIDATION_ERROR), so a service receives
 * typed input and the gated call. A lookup body without a usable `code` names no brand: the gate
 * lets it through and validation names the field.
 */
export function callGate(deps: ServiceDeps, gate: CallGate): preValidationAsyncHookHandler {
  return async (request) => {
    const context = requestContext(request);
    let found;
    if (gate.brandIn === 'path') found = await requireBrandOfPath(deps.brands, (request.params as { themeCode?: unknown }).themeCode);
    else {
      const code = brandCodeOf(request.body);
      if (code === undefined) return;
      found = await requireKnownBrand(deps.brands, code);
    }
    const flowType = requireFlow(gate, context.flowTypeHeader, found.flows);
    if (gate.available && !gate.available(deps)) throw new AppError('FLOW_UNAVAILABLE');
    request.customerCall = { ...context, ...found, flowType };
  };
}

/** The gated call of a customer route's request; a route without the gate is a programming error. */
export function customerCallOf(request: FastifyRequest): CustomerCall {
  if (!request.customerCall) throw new Error(`${request.method} ${request.routeOptions.url} ran without its call gate`);
  return request.customerCall;
}

const themeCodeParams = z.object({ themeCode: brandIdParam });

/** What a gate checks, as the route's schema documents it: {themeCode} when the brand is in the path, and x-flow-type. */
function gateSchema(gate: CallGate) {
  const [own, ...others] = gate.flowTypes;
  const accepted = (others.length === 0 ? z.literal(own) : z.enum([own, ...others])).describe(
    'The flow this call belongs to: the brand must offer it (else 403 FLOW_UNAVAILABLE); missing where required, or another value: 400 VALIDATION_ERROR.',
  );
  const headers = z.looseObject({ [FLOW_TYPE_HEADER]: gate.flowTypeHeader === 'optional' ? accepted.optional() : accepted });
  return gate.brandIn === 'path' ? { params: themeCodeParams, headers } : { headers };
}

/**
 * A customer route's gate, declared once: `route` (its per-address limit and the preValidation
 * hook) to spread into the route's options, `schema` (the path parameter and header the gate
 * reads) to spread into its schema, so the document says what the gate checks.
 */
export function gatedCall(deps: ServiceDeps, rateLimit: RouteOptions['captchaRateLimit'], gate: CallGate) {
  return { route: { config: { rateLimit, customerCall: true as const }, preValidation: callGate(deps, gate) }, schema: gateSchema(gate) };
}
