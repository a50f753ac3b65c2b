import { createContext, use } from 'react';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminApi, adminMeSchema, brandsFor, type AdminMe, type StaffAction } from '@tessera/contracts/admin';
import { callApi, isUnauthorized } from './http';

export const ME_KEY = ['me'] as const;

/** Who is signed in; null when no one is (401). */
export const meQuery = queryOptions({
  queryKey: ME_KEY,
  queryFn: async (): Promise<AdminMe | null> => {
    try {
      return await callApi(adminApi.me.build(), adminMeSchema);
    } catch (error) {
      if (isUnauthorized(error)) return null;
      throw error;
    }
  },
  staleTime: Infinity,
});

/** Any later 401 (the session ended while idle): the gate shows the sign-in page for the page we are on. */
export function endSession(queryClient: QueryClient): void {
  queryClient.setQueryData(ME_KEY, null);
}

const MeContext = createContext<AdminMe | null>(null);
export const MeProvider = MeContext.Provider;

/** The signed-in person; only inside the sign-in gate. */
export function useMe(): AdminMe {
  const me = use(MeContext);
  if (!me) throw new Error('useMe outside the sign-in gate');
  return me;
}

/** Whether any of the person's grants allows `action` on some brand. */
export function mayDo(me: AdminMe, action: StaffAction): boolean {
  const brands = brandsFor(me.grants, action);
  return brands === 'all' || brands.length > 0;
}
