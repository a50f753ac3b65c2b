import { giftCardSchema, recoveryRequestSchema, resetApi } from '@tessera/contracts';
import { customerCallOf, gatedCall } from '../../customer-call/call-gate.js';
import { resetSecurityCode } from './reset-security-code.js';
import { customerCallResponses } from '../../http/error-responses.js';
import type { App, RouteOptions } from '../../http/route-types.js';

export async function resetRoutes(app: App, { deps, captchaRateLimit }: RouteOptions): Promise<void> {
  const recovery = gatedCall(deps, captchaRateLimit, { brandIn: 'path', flowTypes: ['SECURITY_RESET'] });

  app.post(
    resetApi.recovery.pattern,
    {
      ...recovery.route,
      schema: {
        ...recovery.schema,
        tags: ['reset'],
        operationId: 'resetSecurityCode',
        summary: "Set a gift card's new security code with its one-time recovery code (RESET)",
        description:
          'Order of checks: brand (404 THEME_NOT_FOUND), flow RESET (403 FLOW_UNAVAILABLE), body (400 VALIDATION_ERROR), ' +
          'captcha (400 CAPTCHA_INVALID), the new code (400 SECURITY_CODE_INSECURE; uses nothing up), card and recovery code ' +
          '(400 RECOVERY_CODE_NOT_FOUND, counted by the per-card guessing limits; 400 TOO_MANY_REQUESTS).',
        body: recoveryRequestSchema,
        response: customerCallResponses(giftCardSchema),
      },
    },
    async (request, reply) => {
      const card = await resetSecurityCode(deps, customerCallOf(request), request.body);
      return reply.header('cache-control', 'no-store').send(card);
    },
  );
}
