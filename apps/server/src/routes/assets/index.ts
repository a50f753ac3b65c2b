import { brandIdParam } from '@tessera/contracts';
import { z } from 'zod';
import { getBrandAsset } from '../../services/get-brand-asset.js';
import { errorResponses } from '../responses.js';
import type { App, RouteOptions } from '../types.js';

const params = z.object({ slug: brandIdParam, name: z.string().regex(/^[a-z0-9-]{1,40}$/) });

export async function assetRoutes(app: App, { deps }: RouteOptions): Promise<void> {
  app.get(
    '/api/assets/:slug/:name',
    {
      schema: {
        tags: ['theme'],
        summary: 'A brand image (logo, header, poster), stored in the database',
        params,
        response: { 200: z.any().describe('the image'), 304: z.any().describe('not modified'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const asset = await getBrandAsset(deps, request.params.slug, request.params.name);
      const etag = `"${asset.etag}"`;
      // Theme URLs carry ?v=etag, so a changed image gets a new URL and the old one may be cached long.
      reply.header('etag', etag).header('cache-control', 'public, max-age=86400');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      // SVGs could carry script; served as images with their own locked-down policy.
      return reply
        .type(asset.contentType)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(asset.content);
    },
  );
}
