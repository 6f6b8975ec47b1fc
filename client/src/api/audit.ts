/** GET admin/audit (CONTRACT.md §8): every admin action, newest first. */
import { type AuditEntry, oversightPaths, type Paged } from '@agrivet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { scope } from '@/lib/query-client';

export const auditKeys = {
  all: [scope.account, 'audit'] as const,
  list: (page: number) => [scope.account, 'audit', page] as const,
};

export const auditQueryOptions = (page: number) =>
  queryOptions({
    queryKey: auditKeys.list(page),
    queryFn: ({ signal }) => apiGet<Paged<AuditEntry>>(oversightPaths.admin.audit, { page_number: page }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
export const useAudit = (page: number) => useQuery(auditQueryOptions(page));
