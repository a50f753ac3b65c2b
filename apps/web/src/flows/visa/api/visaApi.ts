import { useMutation } from '@tanstack/react-query';
import {
  FLOW_TYPE_HEADER,
  codeRequestResultSchema,
  holderInformationSchema,
  pinRetrievalSchema,
  stripCardNumber,
  type CodeRequest,
  type CodeRequestResult,
  type HolderInformation,
  type HolderInformationRequest,
  type PinRequest,
  type PinRetrieval,
  type UpdateHolderInformationRequest,
  type UseCodeRequest,
  visaApi,
} from '@tessera/contracts';
import { apiRequest, type ZodTypeLike } from '../../../lib/api';

/**
 * Every VISA call (docs/product/visa.md#calls) carries x-flow-type VISA: the server records it with
 * each event.
 */
const visaHeaders = { [FLOW_TYPE_HEADER]: 'VISA' };
const dev = import.meta.env.DEV;

/**
 * A VISA call with a JSON body, its answer checked against `schema` when one is given. Callers pass
 * the contract's schema as `dev ? schema : undefined`, so that the production build, where `dev` is
 * false, leaves the schemas out of the bundle.
 */
function visaCall<T>(path: string, method: 'POST' | 'PUT', body: unknown, schema?: ZodTypeLike<T>): Promise<T> {
  return apiRequest(path, { method, body, headers: visaHeaders, schema });
}

export interface CodeRequestInput {
  themeCode: string;
  cardNumber: string;
  captchaToken: string | null;
  culture: 'nl' | 'en' | undefined;
}

function codeRequestBody(input: CodeRequestInput): CodeRequest {
  return {
    'g-recaptcha-response': input.captchaToken ?? undefined,
    cardNumber: stripCardNumber(input.cardNumber),
    culture: input.culture,
  };
}

/** POST /api/visa/RequestActivationCode/{themeCode}: the SMS code; answers the masked phone. */
export function requestActivationCode(input: CodeRequestInput): Promise<CodeRequestResult> {
  return visaCall(visaApi.requestActivationCode.build({ themeCode: input.themeCode }), 'POST', codeRequestBody(input), dev ? codeRequestResultSchema : undefined);
}

/** POST /api/visa/requestrecovery/{themeCode}: a recovery code by SMS for an active card. */
export function requestRecovery(input: CodeRequestInput): Promise<CodeRequestResult> {
  return visaCall(visaApi.requestRecovery.build({ themeCode: input.themeCode }), 'POST', codeRequestBody(input), dev ? codeRequestResultSchema : undefined);
}

export interface UseCodeInput {
  themeCode: string;
  cardNumber: string;
  otcNumber: string;
  securityCode: string;
}

function codeAndPasscodeBody(input: UseCodeInput): UseCodeRequest {
  return { cardNumber: input.cardNumber, otcNumber: input.otcNumber, securityCode: input.securityCode };
}

/** POST /api/visa/UseActivationCode/{themeCode}/: the code and the chosen passcode. */
export function submitActivationCode(input: UseCodeInput): Promise<unknown> {
  return visaCall(visaApi.useActivationCode.build({ themeCode: input.themeCode }), 'POST', codeAndPasscodeBody(input));
}

/** POST /api/visa/userecovery/{themeCode}/: the recovery code and the new passcode; answers the holder. */
export function submitRecovery(input: UseCodeInput): Promise<HolderInformation> {
  return visaCall(visaApi.useRecovery.build({ themeCode: input.themeCode }), 'POST', codeAndPasscodeBody(input), dev ? holderInformationSchema : undefined);
}

export interface HolderInput {
  themeCode: string;
  cardNumber: string;
  securityCode: string;
  /** Sent by the login screen only. */
  captchaToken?: string | null;
}

/** POST /api/visa/GetHolderInformation/{themeCode}/: the login, and the read after activation. */
export function getHolderInformation(input: HolderInput): Promise<HolderInformation> {
  const body: HolderInformationRequest = { cardNumber: input.cardNumber, securityCode: input.securityCode };
  if (input.captchaToken) body['g-recaptcha-response'] = input.captchaToken;
  return visaCall(visaApi.getHolderInformation.build({ themeCode: input.themeCode }), 'POST', body, dev ? holderInformationSchema : undefined);
}

export interface UpdateHolderInput extends Omit<UpdateHolderInformationRequest, 'cardNumber' | 'securityCode'> {
  themeCode: string;
  cardNumber: string;
  securityCode: string;
}

/** PUT /api/visa/UpdateHolderInformation/{themeCode}/: the reviewed fields; the card becomes active. */
export function updateHolderInformation({ themeCode, ...body }: UpdateHolderInput): Promise<HolderInformation> {
  return visaCall(visaApi.updateHolderInformation.build({ themeCode }), 'PUT', body satisfies UpdateHolderInformationRequest, dev ? holderInformationSchema : undefined);
}

export interface PinInput {
  themeCode: string;
  cardNumber: string;
  securityCode: string;
}

/** POST /api/visa/getPin/{themeCode}: a one-time key for the PIN frame (`code` is the brand's code). */
export function getPin({ themeCode, cardNumber, securityCode }: PinInput): Promise<PinRetrieval> {
  const body: PinRequest = { code: themeCode, cardNumber, securityCode };
  return visaCall(visaApi.getPin.build({ themeCode }), 'POST', body, dev ? pinRetrievalSchema : undefined);
}

export const useRequestActivationCode = () => useMutation({ mutationKey: ['visa', 'requestActivationCode'], mutationFn: requestActivationCode });
export const useRequestRecovery = () => useMutation({ mutationKey: ['visa', 'requestRecovery'], mutationFn: requestRecovery });
export const useUseActivationCode = () => useMutation({ mutationKey: ['visa', 'useActivationCode'], mutationFn: submitActivationCode });
export const useUseRecovery = () => useMutation({ mutationKey: ['visa', 'useRecovery'], mutationFn: submitRecovery });
export const useGetHolderInformation = () => useMutation({ mutationKey: ['visa', 'getHolderInformation'], mutationFn: getHolderInformation });
export const useUpdateHolderInformation = () => useMutation({ mutationKey: ['visa', 'updateHolderInformation'], mutationFn: updateHolderInformation });
