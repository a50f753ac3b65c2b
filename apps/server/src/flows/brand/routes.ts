import { brandIdParam, captchaKeySchema, themeSchema, translationsSchema, brandApi, brandAssetApi, utilityApi } from '@tessera/contracts';
import { z } from 'zod';
import { ALTCHA_CHALLENGE_PATH } from '../../adapters/captcha/altcha.js';
import { contentEtag } from '../../http/content-etag.js';
import { errorResponses, imageAnswer, mediaAnswer, notModifiedAnswer } from '../../http/error-responses.js';
import { CONTENT_TYPES } from '../../operator/brand-file.js';
import type { App, RouteOptions } from '../../http/route-types.js';
import { createCaptchaChallenge } from './create-captcha-challenge.js';
import { getBrandAsset } from './get-brand-asset.js';
import { getCaptchaKey } from './get-captcha-key.js';
import { getCustomCss } from './get-custom-css.js';
import { getTheme } from './get-theme.js';
import { cultureQuerySchema, getTranslations } from './get-translations.js';

const params = z.object({ id: brandIdParam });
const notModified = notModifiedAnswer;
const assetParams = z.object({ slug: brandIdParam, name: z.string().regex(/^[a-z0-9-]{1,40}$/) });

/**
 * What the web app reads before and beside any flow: a brand's theme, stylesheet, images and
 * texts, and which captcha to show. Reads only: nothing here changes a card.
 */
export async function brandRoutes(app: App, { deps, captchaRateLimit }: RouteOptions): Promise<void> {
  app.get(
    brandApi.theme.pattern,
    {
      schema: {
        tags: ['theme'],
        operationId: 'getTheme',
        description:
          'Colours, images, flows with their languages, and texts settings of a brand, by slug or code (404 THEME_NOT_FOUND). Cached 60 s, then revalidated by its ETag (304).',
        summary: 'A brand theme by slug or code',
        params,
        response: { 200: themeSchema, 304: notModified, ...errorResponses(400, 404) },
      },
      onSend: contentEtag,
    },
    async (request, reply) => {
      const theme = await getTheme(deps, request.params.id);
      return reply.header('cache-control', 'public, max-age=60').send(theme);
    },
  );

  app.get(
    brandApi.customCss.pattern,
    {
      schema: {
        tags: ['theme'],
        operationId: 'getCustomCss',
        description:
          'The brand\'s own stylesheet, applied after the portal\'s (404 THEME_NOT_FOUND). Cached 60 s, then revalidated by its ETag (304).',
        summary: "A brand's custom stylesheet",
        params,
        response: { 200: mediaAnswer("The brand's stylesheet", 'text/css'), 304: notModified, ...errorResponses(400, 404) },
      },
      onSend: contentEtag,
    },
    async (request, reply) => {
      const css = await getCustomCss(deps, request.params.id);
      return reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=60').send(css);
    },
  );

  app.get(
    brandAssetApi.asset.pattern,
    {
      schema: {
        tags: ['theme'],
        operationId: 'getBrandAsset',
        description:
          'A brand image by name, with an ETag (304 when If-None-Match matches); 404 for an unknown brand or image. SVGs carry a sandboxing policy.',
        summary: 'A brand image (logo, header, poster), stored in the database',
        params: assetParams,
        response: { 200: imageAnswer('The image, of the type it was stored with', ...new Set(Object.values(CONTENT_TYPES))), 304: notModified, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const asset = await getBrandAsset(deps, request.params.slug, request.params.name);
      const etag = `"${asset.etag}"`;
      // Theme URLs carry ?v=etag, so a changed image gets a new URL and the old one may be cached long.
      reply.header('etag', etag).header('cache-control', 'public, max-age=86400');
      // A logo is public and meant to be shown: a brand's own site or a webmail may load it. On
      // the 304 too, whose headers replace the cached ones. Nothing else of the portal may be
      // loaded by another origin (CORP same-origin).
      reply.header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      // SVGs could carry script; served as images with their own locked-down policy.
      return reply
        .type(asset.contentType)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(asset.content);
    },
  );

  app.get(
    brandApi.translations.pattern,
    {
      schema: {
        tags: ['theme'],
        operationId: 'getTranslations',
        description:
          'The texts of a culture (en, nl): the defaults with the brand\'s overrides (404 THEME_NOT_FOUND). Cached 60 s, then revalidated by its ETag (304).',
        summary: "Texts of a culture: defaults with the brand's overrides",
        params: z.object({ slug: brandIdParam }),
        querystring: cultureQuerySchema,
        response: { 200: translationsSchema, 304: notModified, ...errorResponses(400, 404) },
      },
      onSend: contentEtag,
    },
    async (request, reply) => {
      const texts = await getTranslations(deps, request.params.slug, request.query.culture);
      return reply.header('cache-control', 'public, max-age=60').send(texts);
    },
  );

  app.get(
    utilityApi.captchaKey.pattern,
    {
      schema: {
        tags: ['utility'],
        operationId: 'getCaptchaKey',
        description:
          'Which captcha the forms show (reCAPTCHA with its site key, the built-in ALTCHA with its challenge URL, or none in tests).',
        summary: 'Which captcha to show, and its site key or challenge URL',
        response: { 200: captchaKeySchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(getCaptchaKey(deps)),
  );

  app.get(
    ALTCHA_CHALLENGE_PATH,
    {
      config: { rateLimit: captchaRateLimit },
      schema: {
        tags: ['utility'],
        operationId: 'getCaptchaChallenge',
        description:
          'A signed proof-of-work challenge for the built-in captcha; 404 when another captcha is configured. Limited per address.',
        summary: 'A fresh proof-of-work challenge of the built-in captcha (ALTCHA)',
        response: { 200: z.any().describe('ALTCHA challenge'), ...errorResponses(404, 429) },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(await createCaptchaChallenge(deps)),
  );
}
