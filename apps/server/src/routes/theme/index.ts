import { brandIdParam, themeSchema } from '@tessera/contracts';
import { z } from 'zod';
import { getCustomCss } from '../../services/get-custom-css.js';
import { getTheme } from '../../services/get-theme.js';
import { errorResponses } from '../responses.js';
import type { App, RouteOptions } from '../types.js';

const params = z.object({ id: brandIdParam });

export async function themeRoutes(app: App, { deps }: RouteOptions): Promise<void> {
  app.get(
    '/api/theme/:id',
    {
      schema: {
        tags: ['theme'],
        summary: 'A brand theme by slug or code',
        params,
        response: { 200: themeSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const theme = await getTheme(deps, request.params.id);
      return reply.header('cache-control', 'public, max-age=60').send(theme);
    },
  );

  app.get(
    '/api/css/theme/:id/custom.css',
    {
      schema: {
        tags: ['theme'],
        summary: "A brand's custom stylesheet",
        params,
        response: { 200: z.string().describe('text/css'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const css = await getCustomCss(deps, request.params.id);
      return reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=60').send(css);
    },
  );
}
