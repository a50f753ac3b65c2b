import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { adminApi, staffGrantListSchema, type StaffGrantRequest } from '@tessera/contracts/admin';
import { callApi } from '../../lib/http';

export const grantsQuery = queryOptions({
  queryKey: ['staff', 'grants'],
  queryFn: () => callApi(adminApi.staff.build(), staffGrantListSchema),
});

/** The answers of grant and revoke are not read: the list is fetched again. */
const anyAnswer = z.unknown();

export const grantStaff = (grant: StaffGrantRequest) => callApi(adminApi.grantStaff.build(), anyAnswer, { method: 'POST', body: grant });
export const revokeStaff = (grant: StaffGrantRequest) => callApi(adminApi.revokeStaff.build(), anyAnswer, { method: 'POST', body: grant });
