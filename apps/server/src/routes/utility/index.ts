import { captchaKeySchema, errorReportAnswerSchema, errorReportSchema } from '@tessera/contracts';
import { z } from 'zod';
import { ALTCHA_CHALLENGE_PATH } from '../../adapters/captcha/altcha.js';
import { requestContext } from '../../http/request-context.js';
import { createCaptchaChallenge } from '../../services/create-captcha-challenge.js';
import { getCaptchaKey } from '../../services/get-captcha-key.js';
import { reportError } from '../../services/report-error.js';
import { errorResponses } from '../responses.js';
import type { App, RouteOptions } from '../types.js';

export async function utilityRoutes(app: App, { deps, captchaRateLimit, errorReportRateLimit }: RouteOptions): Promise<void> {
  app.get(
    '/api/Utility/Recaptcha',
    {
      schema: {
        tags: ['utility'],
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
        summary: 'A fresh proof-of-work challenge of the built-in captcha (ALTCHA)',
        response: { 200: z.any().describe('ALTCHA challenge'), ...errorResponses(404, 429) },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(await createCaptchaChallenge(deps)),
  );

  app.post(
    '/api/Utility/Error',
    {
      config: { rateLimit: errorReportRateLimit },
      schema: {
        tags: ['utility'],
        summary: 'Report a render crash of the web app',
        body: errorReportSchema,
        response: { 200: errorReportAnswerSchema, ...errorResponses(400, 413, 429) },
      },
    },
    async (request) => reportError(deps, requestContext(request), request.body),
  );
}
