import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandApi, themeSchema, type Theme } from '@tessera/contracts';
import { ApiError, apiRequest } from '../api';

/** GET /api/theme/:id */
export function getTheme(slug: string, signal?: AbortSignal): Promise<Theme> {
  return apiRequest(brandApi.theme.build({ id: slug }), { schema: import.meta.env.DEV ? themeSchema : undefined, signal });
}

export const themeQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['theme', slug],
    queryFn: ({ signal }) => getTheme(slug, signal),
    staleTime: 5 * 60_000,
    // An unknown brand stays unknown; other failures are worth one more try.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });

export function useThemeQuery(slug: string) {
  return useQuery(themeQueryOptions(slug));
}
