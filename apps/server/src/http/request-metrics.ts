import { FLOW_TYPES } from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by gatedCall: the route is a customer call, counted by flow and outcome. */
    customerCall?: true;
  }
  interface FastifyReply {
    /** The error code the error handler answered, for the metrics (null for a success). */
    errorCode: string | null;
  }
}

const flowTypes = new Set<string>(FLOW_TYPES);

/**
 * Counts every answer in the metrics once it has gone out: its route pattern (never the path,
 * which holds brand slugs and ids without bound), method, status and time; and for a customer
 * call its flow and outcome (OK or the error code). The flow is the call gate's when it got that
 * far, else the x-flow-type header when it names a flow, else "none".
 */
export function installRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.decorateReply('errorCode', null);
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    metrics.httpRequests.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
    if (request.routeOptions.config.customerCall) {
      const header = request.headers['x-flow-type'];
      const flow = request.customerCall?.flowType ?? (typeof header === 'string' && flowTypes.has(header) ? header : 'none');
      metrics.customerCalls.inc({ flow, outcome: reply.statusCode < 400 ? 'OK' : (reply.errorCode ?? status) });
    }
    done();
  });
}
