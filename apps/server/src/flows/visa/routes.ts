import {
  activationResultSchema,
  brandIdParam,
  codeRequestResultSchema,
  codeRequestSchema,
  FLOW_TYPE_HEADER,
  holderInformationRequestSchema,
  holderInformationSchema,
  pinRequestSchema,
  pinRetrievalSchema,
  updateHolderInformationRequestSchema,
  useCodeRequestSchema,
  visaApi,
} from '@tessera/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requestContext } from '../../http/request-context.js';
import type { RequestContext, ServiceDeps } from '../../deps.js';
import { getHolderInformation } from './get-holder-information.js';
import { getPin } from './get-pin.js';
import { updateHolderInformation } from './update-holder-information.js';
import { useActivationCode } from './use-activation-code.js';
import { useRecovery } from './use-recovery.js';
import { requestOneTimeCode } from './visa-card.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App, RouteOptions } from '../../http/route-types.js';

type Service = (deps: ServiceDeps, ctx: RequestContext, themeCode: unknown, body: unknown) => Promise<unknown>;

const params = z.object({ themeCode: brandIdParam });
/** The spec sends x-flow-type VISA on these calls; the others may send it. */
const visaHeader = z.looseObject({ [FLOW_TYPE_HEADER]: z.literal('VISA') });
const optionalVisaHeader = z.looseObject({ [FLOW_TYPE_HEADER]: z.literal('VISA').optional() });
const ORDER = 'Order of checks: brand (404 THEME_NOT_FOUND), flow VISA (403 FLOW_UNAVAILABLE), body and header (400 VALIDATION_ERROR)';

/**
 * The VISA calls (docs/product/visa.md#calls).
 * Each service validates path and body itself, after the brand and flow checks (contract order);
 * the schemas here document the calls (OpenAPI). Every answer carries card data: no-store.
 */
export async function visaRoutes(app: App, { deps, captchaRateLimit }: RouteOptions): Promise<void> {
  const handle = (service: Service) => async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await service(deps, requestContext(request), (request.params as { themeCode?: unknown }).themeCode, request.body);
    return reply.header('cache-control', 'no-store').send(answer);
  };
  const route = {
    config: { rateLimit: captchaRateLimit },
    attachValidation: true,
  } as const;

  app.post(
    visaApi.requestActivationCode.pattern,
    {
      ...route,
      schema: {
        tags: ['visa'],
        operationId: 'requestActivationCode',
        summary: 'Send an activation code by SMS to the holder of an inactive Visa card',
        description: `${ORDER}, captcha (400 CAPTCHA_INVALID), card (400 INVALID_TOKEN, TOKEN_ALREADY_ACTIVATED, TOO_MANY_REQUESTS: 3 codes a card an hour or the guessing cool-down). Answers the phone number masked.`,
        params,
        headers: visaHeader,
        body: codeRequestSchema,
        response: { 200: codeRequestResultSchema, ...errorResponses(400, 403, 404, 413, 429) },
      },
    },
    handle((deps, ctx, themeCode, body) => requestOneTimeCode(deps, ctx, themeCode, body, 'activation')),
  );

  app.post(
    visaApi.useActivationCode.pattern,
    {
      ...route,
      schema: {
        tags: ['visa'],
        operationId: 'useActivationCode',
        summary: 'Activation step 2: the SMS code and the chosen passcode; the card becomes passcode_set',
        description: `${ORDER}, the passcode rules (docs/product/common.md#passcodes) (400 SECURITY_CODE_INSECURE; uses nothing up), card and code (400 INVALID_TOKEN, counted by the guessing limits; 400 TOO_MANY_REQUESTS).`,
        params,
        headers: visaHeader,
        body: useCodeRequestSchema,
        response: { 200: activationResultSchema, ...errorResponses(400, 403, 404, 413, 429) },
      },
    },
    handle(useActivationCode),
  );

  app.put(
    visaApi.updateHolderInformation.pattern,
    {
      ...route,
      schema: {
        tags: ['visa'],
        operationId: 'updateHolderInformation',
        summary: 'Activation step 3: the reviewed birth date, country of birth and nationality; the card becomes active',
        description: `${ORDER}, card and passcode (404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS), 400 TOKEN_ALREADY_ACTIVATED when an active card is sent other values.`,
        params,
        headers: visaHeader,
        body: updateHolderInformationRequestSchema,
        response: { 200: holderInformationSchema, ...errorResponses(400, 403, 404, 413, 429) },
      },
    },
    handle(updateHolderInformation),
  );

  app.post(
    visaApi.getHolderInformation.pattern,
    {
      ...route,
      schema: {
        tags: ['visa'],
        operationId: 'getHolderInformation',
        summary: 'Log in with card number and passcode: the holder information (phone masked) and balance',
        description: `${ORDER}, captcha when a token is sent (400 CAPTCHA_INVALID), card and passcode (404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS).`,
        params,
        headers: optionalVisaHeader,
        body: holderInformationRequestSchema,
        response: { 200: holderInformationSchema, ...errorResponses(400, 403, 404, 413, 429) },
      },
    },
    handle(getHolderInformation),
  );

  app.post(
    visaApi.getPin.pattern,
    {
      ...route,
      schema: {
        tags: ['visa'],
        operationId: 'getPinKey',
        summary: "A one-time key (60 s) for the PIN frame, which shows the active card's PIN",
        description: `${ORDER}, code names the path's brand (400 VALIDATION_ERROR), card and passcode (404 CARD_NOT_FOUND, 400 TOO_MANY_REQUESTS).`,
        params,
        headers: visaHeader,
        body: pinRequestSchema,
        response: { 200: pinRetrievalSchema, ...errorResponses(400, 403, 404, 413, 429) },
      },
    },
    handle(getPin),
  );

  app.post(
    visaApi.requestRecovery.pattern,
    {
      ...route,
      schema: {
        tags: ['visa'],
        operationId: 'requestRecoveryCode',
        summary: 'Forgotten passcode: send a recovery code by SMS to the holder of an active Visa card',
        description: `${ORDER}, captcha (400 CAPTCHA_INVALID), card (400 INVALID_TOKEN, TOKEN_IS_NOT_ACTIVE, TOO_MANY_REQUESTS). Answers the phone number masked.`,
        params,
        headers: optionalVisaHeader,
        body: codeRequestSchema,
        response: { 200: codeRequestResultSchema, ...errorResponses(400, 403, 404, 413, 429) },
      },
    },
    handle((deps, ctx, themeCode, body) => requestOneTimeCode(deps, ctx, themeCode, body, 'recovery')),
  );

  app.post(
    visaApi.useRecovery.pattern,
    {
      ...route,
      schema: {
        tags: ['visa'],
        operationId: 'useRecoveryCode',
        summary: 'Forgotten passcode: the recovery code and a new passcode; answers the holder information',
        description: `${ORDER}, the passcode rules (docs/product/common.md#passcodes) (400 SECURITY_CODE_INSECURE; uses nothing up), card and code (400 INVALID_TOKEN, 400 TOO_MANY_REQUESTS).`,
        params,
        headers: optionalVisaHeader,
        body: useCodeRequestSchema,
        response: { 200: holderInformationSchema, ...errorResponses(400, 403, 404, 413, 429) },
      },
    },
    handle(useRecovery),
  );
}
