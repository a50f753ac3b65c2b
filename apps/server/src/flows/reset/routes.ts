import { brandIdParam, FLOW_TYPE_HEADER, giftCardSchema, recoveryRequestSchema, resetApi } from '@tessera/contracts';
import { z } from 'zod';
import { requestContext } from '../../http/request-context.js';
import { resetSecurityCode } from './reset-security-code.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App, RouteOptions } from '../../http/route-types.js';

export async function resetRoutes(app: App, { deps, captchaRateLimit }: RouteOptions): Promise<void> {
  app.post(
    resetApi.recovery.pattern,
    {
      config: { rateLimit: captchaRateLimit },
      // The service validates path and body itself, after the brand and flow checks
      // (docs/product/common.md#order-of-checks).
      attachValidation: true,
      schema: {
        tags: ['reset'],
        operationId: 'resetSecurityCode',
        summary: "Set a gift card's new security code with its one-time recovery code (RESET)",
        description:
          'Order of checks: brand (404 THEME_NOT_FOUND), flow RESET (403 FLOW_UNAVAILABLE), body (400 VALIDATION_ERROR), ' +
          'captcha (400 CAPTCHA_INVALID), the new code (400 SECURITY_CODE_INSECURE; uses nothing up), card and recovery code ' +
          '(400 RECOVERY_CODE_NOT_FOUND, counted by the per-card guessing limits; 400 TOO_MANY_REQUESTS).',
        params: z.object({ themeCode: brandIdParam }),
        headers: z.looseObject({ [FLOW_TYPE_HEADER]: z.literal('SECURITY_RESET') }),
        body: recoveryRequestSchema,
        response: { 200: giftCardSchema, ...errorResponses(400, 403, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      const card = await resetSecurityCode(deps, requestContext(request), (request.params as { themeCode?: unknown }).themeCode, request.body);
      return reply.header('cache-control', 'no-store').send(card);
    },
  );
}
