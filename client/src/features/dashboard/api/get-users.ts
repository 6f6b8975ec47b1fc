import { apiPaths, type Paged, type User } from '@agrivet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** Admin: every user, paged. */
export const getUsers = (page: number, signal?: AbortSignal) =>
  apiGet<Paged<User>>(apiPaths.user.getAll, { page_number: page }, signal);

export const usersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: dashboardKeys.userList(page),
    queryFn: ({ signal }) => getUsers(page, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (page: number) => useQuery(usersQueryOptions(page));
