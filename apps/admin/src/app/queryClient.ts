import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from '../lib/http';
import { endSession } from '../lib/session';

/**
 * The app's server state. A 401 from any call means the session ended (15 idle minutes, 12 hours,
 * or signed out elsewhere): the sign-in gate then shows the sign-in page, which returns here.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => isUnauthorized(error) && endSession(queryClient) }),
    mutationCache: new MutationCache({ onError: (error) => isUnauthorized(error) && endSession(queryClient) }),
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; a network hiccup may.
        retry: (count, error) => count < 2 && !(error instanceof Error && error.name === 'ApiError'),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
