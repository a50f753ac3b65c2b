import { FLOW_TYPE_HEADER } from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';

type ConstraintStrategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];

/**
 * A router constraint on x-flow-type, for the one path that serves two calls (POST
 * /api/Authentication/{themeCode}/customer: PAYOUT pays out, IDENTIFY registers). Each call is its
 * own route with its own schemas, so Fastify validates each body as that call's. A request whose
 * header names neither falls through to the path's unconstrained route (mustMatchWhenDerived false),
 * which answers the contract's errors in its order.
 */
const flowTypeConstraint: ConstraintStrategy = {
  name: 'flowType',
  storage() {
    const handlers = new Map<unknown, ReturnType<ReturnType<ConstraintStrategy['storage']>['get']>>();
    return {
      get: (value) => handlers.get(value) ?? null,
      set: (value, handler) => void handlers.set(value, handler),
    };
  },
  deriveConstraint(request) {
    const header = request.headers[FLOW_TYPE_HEADER];
    return typeof header === 'string' ? header.trim() : undefined;
  },
  mustMatchWhenDerived: false,
};

export function installFlowTypeConstraint(app: FastifyInstance): void {
  app.addConstraintStrategy(flowTypeConstraint);
}
