import { FALLBACK_LANGUAGE, brandIdParam, translationsSchema } from '@tessera/contracts';
import { z } from 'zod';
import { getTranslations } from '../../services/get-translations.js';
import { errorResponses } from '../responses.js';
import type { App, RouteOptions } from '../types.js';

export async function translationRoutes(app: App, { deps }: RouteOptions): Promise<void> {
  app.get(
    '/api/translations/:slug',
    {
      schema: {
        tags: ['theme'],
        summary: "Texts of a culture: defaults with the brand's overrides",
        params: z.object({ slug: brandIdParam }),
        querystring: z.object({ culture: z.string().max(16).default(FALLBACK_LANGUAGE) }),
        response: { 200: translationsSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const texts = await getTranslations(deps, request.params.slug, request.query.culture);
      return reply.header('cache-control', 'public, max-age=60').send(texts);
    },
  );
}
