import { queryOptions, useQuery } from '@tanstack/react-query';
import { captchaKeySchema, utilityApi, type CaptchaKey } from '@tessera/contracts';
import { apiRequest } from '../../lib/api';

/** GET /api/Utility/Recaptcha → {provider, key}. */
export function getCaptchaKey(signal?: AbortSignal): Promise<CaptchaKey> {
  return apiRequest(utilityApi.captchaKey.build(), { schema: import.meta.env.DEV ? captchaKeySchema : undefined, signal });
}

export const captchaKeyQueryOptions = () =>
  queryOptions({
    queryKey: ['captcha-key'],
    queryFn: ({ signal }) => getCaptchaKey(signal),
    staleTime: Infinity,
    retry: 1,
  });

export function useCaptchaKey() {
  return useQuery(captchaKeyQueryOptions());
}
