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
import { apiRequest } from '../../../lib/api';

/**
 * Every VISA call (docs/product/visa.md#calls) carries x-flow-type VISA: the server records it with
 * each event.
 */
const visaHeaders = { [FLOW_TYPE_HEADER]: 'VISA' };
const dev = import.meta.env.DEV;

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
  return apiRequest(visaApi.requestActivationCode.build({ themeCode: input.themeCode }), {
    method: 'POST',
    body: codeRequestBody(input),
    headers: visaHeaders,
    schema: dev ? codeRequestResultSchema : undefined,
  });
}

/** POST /api/visa/requestrecovery/{themeCode}: a recovery code by SMS for an active card. */
export function requestRecovery(input: CodeRequestInput): Promise<CodeRequestResult> {
  return apiRequest(visaApi.requestRecovery.build({ themeCode: input.themeCode }), {
    method: 'POST',
    body: codeRequestBody(input),
    headers: visaHeaders,
    schema: dev ? codeRequestResultSchema : undefined,
  });
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
  return apiRequest(visaApi.useActivationCode.build({ themeCode: input.themeCode }), { method: 'POST', body: codeAndPasscodeBody(input), headers: visaHeaders });
}

/** POST /api/visa/userecovery/{themeCode}/: the recovery code and the new passcode; answers the holder. */
export function submitRecovery(input: UseCodeInput): Promise<HolderInformation> {
  return apiRequest(visaApi.useRecovery.build({ themeCode: input.themeCode }), {
    method: 'POST',
    body: codeAndPasscodeBody(input),
    headers: visaHeaders,
    schema: dev ? holderInformationSchema : undefined,
  });
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
  return apiRequest(visaApi.getHolderInformation.build({ themeCode: input.themeCode }), {
    method: 'POST',
    body,
    headers: visaHeaders,
    schema: dev ? holderInformationSchema : undefined,
  });
}

export interface UpdateHolderInput extends Omit<UpdateHolderInformationRequest, 'cardNumber' | 'securityCode'> {
  themeCode: string;
  cardNumber: string;
  securityCode: string;
}

/** PUT /api/visa/UpdateHolderInformation/{themeCode}/: the reviewed fields; the card becomes active. */
export function updateHolderInformation({ themeCode, ...body }: UpdateHolderInput): Promise<HolderInformation> {
  return apiRequest(visaApi.updateHolderInformation.build({ themeCode }), {
    method: 'PUT',
    body: body satisfies UpdateHolderInformationRequest,
    headers: visaHeaders,
    schema: dev ? holderInformationSchema : undefined,
  });
}

export interface PinInput {
  themeCode: string;
  cardNumber: string;
  securityCode: string;
}

/** POST /api/visa/getPin/{themeCode}: a one-time key for the PIN frame (`code` is the brand's code). */
export function getPin({ themeCode, cardNumber, securityCode }: PinInput): Promise<PinRetrieval> {
  const body: PinRequest = { code: themeCode, cardNumber, securityCode };
  return apiRequest(visaApi.getPin.build({ themeCode }), {
    method: 'POST',
    body,
    headers: visaHeaders,
    schema: dev ? pinRetrievalSchema : undefined,
  });
}

export const useRequestActivationCode = () => useMutation({ mutationKey: ['visa', 'requestActivationCode'], mutationFn: requestActivationCode });
export const useRequestRecovery = () => useMutation({ mutationKey: ['visa', 'requestRecovery'], mutationFn: requestRecovery });
export const useUseActivationCode = () => useMutation({ mutationKey: ['visa', 'useActivationCode'], mutationFn: submitActivationCode });
export const useUseRecovery = () => useMutation({ mutationKey: ['visa', 'useRecovery'], mutationFn: submitRecovery });
export const useGetHolderInformation = () => useMutation({ mutationKey: ['visa', 'getHolderInformation'], mutationFn: getHolderInformation });
export const useUpdateHolderInformation = () => useMutation({ mutationKey: ['visa', 'updateHolderInformation'], mutationFn: updateHolderInformation });
