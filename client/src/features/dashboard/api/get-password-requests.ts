import { apiPaths, type Paged, type PasswordResetRequest } from '@agrivet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** Admin: open /forget-password requests, paged. */
export const getPasswordRequests = (page: number, signal?: AbortSignal) =>
  apiGet<Paged<PasswordResetRequest>>(apiPaths.user.passwordRequests, { page_number: page }, signal);

export const passwordRequestsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: dashboardKeys.passwordRequestList(page),
    queryFn: ({ signal }) => getPasswordRequests(page, signal),
    placeholderData: keepPreviousData,
  });

export const usePasswordRequests = (page: number) => useQuery(passwordRequestsQueryOptions(page));
