import { demoBrandsSchema, demoApi } from '@tessera/contracts';
import { listDemoBrands } from './list-demo-brands.js';
import type { App, RouteOptions } from '../http/route-types.js';

/**
 * Demo mode only (app.ts registers this area only then): the demo brands and their flows for the
 * home page at `/` (docs/product/common.md#demo-mode).
 */
export async function demoRoutes(app: App, { deps }: RouteOptions): Promise<void> {
  app.get(
    demoApi.brands.pattern,
    {
      schema: {
        tags: ['demo'],
        operationId: 'listDemoBrands',
        description:
          'Demo mode only (404 otherwise, as an unknown path): the brands and the flows each offers, for the demo home page.',
        summary: 'Demo mode: every brand with the flows it offers',
        response: { 200: demoBrandsSchema },
      },
    },
    async (_request, reply) => {
      const brands = await listDemoBrands(deps);
      return reply.header('cache-control', 'no-cache').send(brands);
    },
  );
}
