import { queryOptions } from '@tanstack/react-query';
import { adminApi, adminBrandListSchema } from '@tessera/contracts/admin';
import { callApi } from './http';

/** The brands the signed-in person works for, for the brand choices of search, audit and staff. */
export const brandsQuery = queryOptions({
  queryKey: ['brands'],
  queryFn: () => callApi(adminApi.brands.build(), adminBrandListSchema),
  staleTime: 5 * 60_000,
});

export const brandOptions = (brands: { code: string; name: string }[] | undefined) => (brands ?? []).map((brand) => ({ id: brand.code, label: `${brand.name} (${brand.code})` }));
