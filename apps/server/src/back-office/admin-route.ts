import { brandsFor, grantFor, type StaffAction, type StaffGrant } from '@tessera/contracts/admin';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { findStaffGrants } from '../db/repositories/staff-grants.js';
import type { ServiceDeps } from '../deps.js';
import { truncateAddress } from '../domain/client-address.js';
import { AppError } from '../errors.js';
import type { App } from '../http/route-types.js';
import { readSessionCookie } from './session-cookie.js';
import { useStaffSession } from './sessions.js';
import type { StaffActor } from '../card-commands/actor.js';
import { type StaffContext, staffActorOf } from './staff-context.js';

/**
 * Permissions in one place (docs/decisions/030). Every /admin/api/ route declares, in its route
 * config, the action it performs and where its brand comes from:
 *
 *     app.post(adminApi.blockCard.pattern, { config: staffRoute('cards.support', brandOfCard('id', cardBrand)), schema }, handler)
 *
 * and one hook (preValidation), attached to every route of the back office's API scope, does the
 * rest before the body is validated and the handler runs: no session → 401 UNAUTHORIZED; the action allowed on no brand at all → 403
 * FORBIDDEN; the resource unknown, or of a brand outside every grant → 404 as unknown
 * (CARD_NOT_FOUND for cards, NOT_FOUND otherwise); the role lacking the action on that brand →
 * 403 FORBIDDEN. The handler reads who called with `staffOf(request)`. Grants are read on every
 * call, so a revoked grant is refused on the next one. A route without a declaration is refused
 * when it is registered: the app does not start.
 */

/**
 * Where a route's brand comes from; `resolve` answers a brand code, null (no one brand), 'not found',
 * or several codes for a resource of several brands (a payout batch the operator exported for
 * every brand): each must be among the caller's brands and allow the action.
 */
export interface BrandSource {
  /** How the registry names it: `none`, `body.brand`, `query.brand`, `card:id`. */
  label: string;
  /** The answer for a resource that is unknown or outside the caller's brands. */
  notFound: 'CARD_NOT_FOUND' | 'NOT_FOUND';
  resolve?: (request: FastifyRequest) => Promise<BrandOf> | BrandOf;
}

type BrandOf = string | readonly string[] | null | 'not found';

/** The route acts on no one brand (its own scope comes from the context's `brands`). */
export const noBrand: BrandSource = { label: 'none', notFound: 'NOT_FOUND' };

const fieldOf = (source: unknown, field: string): string | null => {
  const value = (source as Record<string, unknown> | null | undefined)?.[field];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** The brand code a body field names (read before validation: only a string counts); absent or null: no one brand. */
export const brandFromBody = (field: string): BrandSource => ({ label: `body.${field}`, notFound: 'NOT_FOUND', resolve: (request) => fieldOf(request.body, field) });

/** The brand code a query parameter names; absent: no one brand. */
export const brandFromQuery = (field: string): BrandSource => ({ label: `query.${field}`, notFound: 'NOT_FOUND', resolve: (request) => fieldOf(request.query, field) });

/** The brand code a path parameter names (`/admin/api/brands/:code/...`); it is always there, so absent is not found. */
export const brandFromPath = (param: string): BrandSource => ({ label: `path.${param}`, notFound: 'NOT_FOUND', resolve: (request) => fieldOf(request.params, param) ?? 'not found' });


/** The brand of the resource whose id is the path parameter `param`, found by `brandsOf`; `label`: `<resource>:<param>`. */
const brandOfParam = (
  resource: string,
  param: string,
  notFound: BrandSource['notFound'],
  brandsOf: (id: string, request: FastifyRequest) => Promise<string | readonly string[] | undefined>,
): BrandSource => ({
  label: `${resource}:${param}`,
  notFound,
  resolve: async (request) => {
    const id = fieldOf(request.params, param);
    const found = id === null ? undefined : await brandsOf(id, request);
    return found === undefined || found.length === 0 ? 'not found' : found;
  },
});

/** The brand of the card whose id is the path parameter `param`: another brand's card answers CARD_NOT_FOUND, as an unknown one. */
export const brandOfCard = (param: string, brandOfCardId: (cardId: string, request: FastifyRequest) => Promise<string | undefined>): BrandSource =>
  brandOfParam('card', param, 'CARD_NOT_FOUND', brandOfCardId);

/**
 * The brand (or brands: a payout batch the operator exported for every brand) of the `resource`
 * (payout, adjustment, payout-batch) whose id is the path parameter `id`; unknown or another brand's answers 404 NOT_FOUND.
 */
export const brandOfResource = (resource: string, brandsOf: (id: string) => Promise<string | readonly string[] | undefined>): BrandSource =>
  brandOfParam(resource, 'id', 'NOT_FOUND', brandsOf);

/** What a route declares. */
export interface StaffRouteDeclaration {
  action: StaffAction;
  brand: BrandSource;
}

/** A route's config: its declaration. */
export const staffRoute = (action: StaffAction, brand: BrandSource): { staff: StaffRouteDeclaration } => ({ staff: { action, brand } });

/** Every declared back office API route, as registered: what a test walks the route table against. */
export interface DeclaredAdminRoute {
  method: string;
  url: string;
  action: StaffAction;
  brand: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffContext | null;
  }
  interface FastifyContextConfig {
    staff?: StaffRouteDeclaration;
  }
}

/** The caller of a back office API route: set by the guard before the handler runs. */
export function staffOf(request: FastifyRequest): StaffContext {
  if (!request.staff) throw new Error('staffOf: not a declared back office route');
  return request.staff;
}

/** The caller of a back office API route and the actor it acts as (staffActorOf): what a service that changes something takes after its deps. */
export function staffAndActorOf(request: FastifyRequest): [StaffContext, StaffActor] {
  const ctx = staffOf(request);
  return [ctx, staffActorOf(ctx)];
}

/** A grant that allows the action on some brand: the grant used by a route without a brand. */
const grantAnywhere = (grants: readonly StaffGrant[], action: StaffAction) =>
  grants.find((grant) => {
    const brands = brandsFor([grant], action);
    return brands === 'all' || brands.length > 0;
  });

const visible = (grants: readonly StaffGrant[], brand: string) => grants.some((g) => g.brand === null || g.brand.toUpperCase() === brand.toUpperCase());

/** The guard every declared route runs first. */
function guardOf(deps: ServiceDeps, declaration: StaffRouteDeclaration) {
  return async (request: FastifyRequest) => {
    const email = await useStaffSession(deps, readSessionCookie(deps.config.staff, request));
    if (!email) throw new AppError('UNAUTHORIZED', 'Sign in to the back office.');
    const grants = await findStaffGrants(deps.db, email);
    const brands = brandsFor(grants, declaration.action);
    if (brands !== 'all' && brands.length === 0) throw new AppError('FORBIDDEN', 'Your role does not allow this.');
    let grant: StaffGrant | undefined;
    if (declaration.brand.resolve) {
      const resolved = await declaration.brand.resolve(request);
      const of: readonly (string | null)[] = resolved === 'not found' ? [] : typeof resolved === 'string' || resolved === null ? [resolved] : resolved;
      if (of.length === 0 || of.some((brand) => brand !== null && !visible(grants, brand))) throw new AppError(declaration.brand.notFound);
      const allowing = of.map((brand) => grantFor(grants, declaration.action, brand));
      grant = allowing.every((g) => g !== undefined) ? allowing[0] : undefined;
    } else {
      grant = grantAnywhere(grants, declaration.action);
    }
    if (!grant) throw new AppError('FORBIDDEN', 'Your role does not allow this.');
    request.staff = { email, grants, grant, brands, client: truncateAddress(request.ip), requestId: request.id };
  };
}

/**
 * Makes `scope` a back office API scope: every route registered in it must carry a declaration
 * (else registering it throws) and gets the guard as its first preValidation hook; `registry` lists them.
 */
export function guardStaffRoutes(scope: App, deps: ServiceDeps, registry: DeclaredAdminRoute[]): void {
  scope.decorateRequest('staff', null);
  scope.addHook('onRoute', (route: RouteOptions) => {
    const declaration = route.config?.staff;
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    if (!declaration) throw new Error(`${methods.join(',')} ${route.url}: a back office API route must declare its action and brand (config: staffRoute(...))`);
    // Before validation: a caller without a session or the role learns nothing of what a valid body is.
    const existing = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [guardOf(deps, declaration), ...existing];
    for (const method of methods) registry.push({ method, url: route.url!, action: declaration.action, brand: declaration.brand.label });
  });
}
