import { infiniteQueryOptions } from '@tanstack/react-query';
import { adminApi, auditPageSchema } from '@tessera/contracts/admin';
import { callApi } from '../../lib/http';

export interface AuditFilter {
  brand?: string;
  card?: string;
  staff?: string;
}

/** The audit trail under a filter, newest first, a page per cursor. */
export const auditQuery = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: ['audit', filter],
    queryFn: ({ pageParam }) => {
      const query: Record<string, string> = {};
      for (const [name, value] of Object.entries(filter)) if (value) query[name] = value;
      if (pageParam) query.cursor = pageParam;
      return callApi(adminApi.audit.build(undefined, query), auditPageSchema);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
