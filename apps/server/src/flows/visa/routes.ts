import {
  activationResultSchema,
  codeRequestResultSchema,
  codeRequestSchema,
  holderInformationRequestSchema,
  holderInformationSchema,
  pinRequestSchema,
  pinRetrievalSchema,
  updateHolderInformationRequestSchema,
  useCodeRequestSchema,
  visaApi,
} from '@tessera/contracts';
import { customerCallOf, gatedCall } from '../../customer-call/call-gate.js';
import { getHolderInformation } from './get-holder-information.js';
import { getPin } from './get-pin.js';
import { updateHolderInformation } from './update-holder-information.js';
import { useActivationCode } from './use-activation-code.js';
import { useRecovery } from './use-recovery.js';
import { requestOneTimeCode } from './visa-card.js';
import { customerCallResponses } from '../../http/error-responses.js';
import type { App, RouteOptions } from '../../http/route-types.js';

const ORDER = 'Order of checks: brand (404 THEME_NOT_FOUND), flow VISA (403 FLOW_UNAVAILABLE), body and header (400 VALIDATION_ERROR)';

/**
 * The VISA calls (docs/product/visa.md#calls): the call gate checks brand and flow VISA (the header
 * required or optional as the spec's web app sends it), Fastify validates path, header and body
 * from these schemas, and the use case gets both. Every answer carries card data: no-store.
 */
export async function visaRoutes(app: App, { deps, captchaRateLimit }: RouteOptions): Promise<void> {
  const visa = gatedCall(deps, captchaRateLimit, { brandIn: 'path', flowTypes: ['VISA'] });
  const visaHeaderOptional = gatedCall(deps, captchaRateLimit, { brandIn: 'path', flowTypes: ['VISA'], flowTypeHeader: 'optional' });

  app.post(
    visaApi.requestActivationCode.pattern,
    {
      ...visa.route,
      schema: {
        ...visa.schema,
        tags: ['visa'],
        operationId: 'requestActivationCode',
        summary: 'Send an activation code by SMS to the holder of an inactive Visa card',
        description: `${ORDER}, captcha (400 CAPTCHA_INVALID), card (400 INVALID_TOKEN, TOKEN_ALREADY_ACTIVATED, TOO_MANY_REQUESTS: 3 codes a card an hour or the guessing cool-down). Answers the phone number masked.`,
        body: codeRequestSchema,
        response: customerCallResponses(codeRequestResultSchema),
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await requestOneTimeCode(deps, customerCallOf(request), request.body, 'activation')),
  );

  app.post(
    visaApi.useActivationCode.pattern,
    {
      ...visa.route,
      schema: {
        ...visa.schema,
        tags: ['visa'],
        operationId: 'useActivationCode',
        summary: 'Activation step 2: the SMS code and the chosen passcode; the card becomes passcode_set',
        description: `${ORDER}, the passcode rules (docs/product/common.md#passcodes) (400 SECURITY_CODE_INSECURE; uses nothing up), card and code (400 INVALID_TOKEN, counted by the guessing limits; 400 TOO_MANY_REQUESTS).`,
        body: useCodeRequestSchema,
        response: customerCallResponses(activationResultSchema),
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await useActivationCode(deps, customerCallOf(request), request.body)),
  );

  app.put(
    visaApi.updateHolderInformation.pattern,
    {
      ...visa.route,
      schema: {
        ...visa.schema,
        tags: ['visa'],
        operationId: 'updateHolderInformation',
        summary: 'Activation step 3: the reviewed birth date, country of birth and nationality; the card becomes active',
        description: `${ORDER}, card and passcode (404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS), 400 TOKEN_ALREADY_ACTIVATED when an active card is sent other values.`,
        body: updateHolderInformationRequestSchema,
        response: customerCallResponses(holderInformationSchema),
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await updateHolderInformation(deps, customerCallOf(request), request.body)),
  );

  app.post(
    visaApi.getHolderInformation.pattern,
    {
      ...visaHeaderOptional.route,
      schema: {
        ...visaHeaderOptional.schema,
        tags: ['visa'],
        operationId: 'getHolderInformation',
        summary: 'Log in with card number and passcode: the holder information (phone masked) and balance',
        description: `${ORDER}, captcha when a token is sent (400 CAPTCHA_INVALID), card and passcode (404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS).`,
        body: holderInformationRequestSchema,
        response: customerCallResponses(holderInformationSchema),
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await getHolderInformation(deps, customerCallOf(request), request.body)),
  );

  app.post(
    visaApi.getPin.pattern,
    {
      ...visa.route,
      schema: {
        ...visa.schema,
        tags: ['visa'],
        operationId: 'getPinKey',
        summary: "A one-time key (60 s) for the PIN frame, which shows the active card's PIN",
        description: `${ORDER}, code names the path's brand (400 VALIDATION_ERROR), card and passcode (404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS).`,
        body: pinRequestSchema,
        response: customerCallResponses(pinRetrievalSchema),
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await getPin(deps, customerCallOf(request), request.body)),
  );

  app.post(
    visaApi.requestRecovery.pattern,
    {
      ...visaHeaderOptional.route,
      schema: {
        ...visaHeaderOptional.schema,
        tags: ['visa'],
        operationId: 'requestRecoveryCode',
        summary: 'Forgotten passcode: send a recovery code by SMS to the holder of an active Visa card',
        description: `${ORDER}, captcha (400 CAPTCHA_INVALID), card (400 INVALID_TOKEN, TOKEN_IS_NOT_ACTIVE, TOO_MANY_REQUESTS). Answers the phone number masked.`,
        body: codeRequestSchema,
        response: customerCallResponses(codeRequestResultSchema),
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await requestOneTimeCode(deps, customerCallOf(request), request.body, 'recovery')),
  );

  app.post(
    visaApi.useRecovery.pattern,
    {
      ...visaHeaderOptional.route,
      schema: {
        ...visaHeaderOptional.schema,
        tags: ['visa'],
        operationId: 'useRecoveryCode',
        summary: 'Forgotten passcode: the recovery code and a new passcode; answers the holder information',
        description: `${ORDER}, the passcode rules (docs/product/common.md#passcodes) (400 SECURITY_CODE_INSECURE; uses nothing up), card and code (400 INVALID_TOKEN, 400 TOO_MANY_REQUESTS).`,
        body: useCodeRequestSchema,
        response: customerCallResponses(holderInformationSchema),
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await useRecovery(deps, customerCallOf(request), request.body)),
  );
}
