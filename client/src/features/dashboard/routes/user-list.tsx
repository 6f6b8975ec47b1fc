/**
 * user/list (admin): every user, paged; store accounts get a status column changed in a dialog
 * (0 active / 1 disabled / 2 trial); open password-reset requests underneath.
 */
import {
  subscriptionStateLabels,
  type User,
  USER_STATUSES,
  USER_TYPES,
  userStatusLabels,
  userTypeLabels,
} from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack } from '@chakra-ui/react/stack';
import { useDeferredValue, useId, useState } from 'react';
import { PlainInput } from '@/components/ui/plain-input';
import { BlockDialog } from '@/features/dashboard/components/block-dialog';
import { NativeChoice } from '@/features/dashboard/components/native-choice';
import { useOversightT } from '@/features/dashboard/lib/i18n';
import { fieldRecipe } from '@/features/dashboard/lib/recipes';
import { MdAddBusiness, MdEdit } from 'react-icons/md';
import { Link as RouterLink } from 'react-router-dom';
import { notify } from '@/components/ui/toaster';
import { failureOf } from '@/lib/query-client';
import { type UserFilters, useUsers } from '@/api/users';
import { useUpdateUser } from '@/api/users';
import { type Column, DataTable } from '@/features/dashboard/components/data-table';
import { PasswordRequests } from '@/features/dashboard/components/password-requests';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { StatusDialog } from '@/features/dashboard/components/status-dialog';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { userStatusOptions } from '@/features/dashboard/lib/options';
import { usePageParam } from '@/features/dashboard/lib/use-page-param';

const statusPalette = { 0: 'green', 1: 'red', 2: 'blue' } as const;
const hasStatus = (u: User) => u.type === 1 || u.type === 3;

export default function UserListRoute() {
  const { t, common, lang } = useDashboardT();
  const o = useOversightT();
  const searchId = useId();
  const [page, setPage] = usePageParam();
  const [filters, setFilters] = useState<Required<UserFilters>>({ q: '', type: '', status: '', blocked: '' });
  // the search follows the typing without a request per key stroke
  const q = useDeferredValue(filters.q);
  const query = useUsers(page, { ...filters, q });
  const setFilter = (patch: Partial<UserFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const update = useUpdateUser();

  const saveStatus = (user: User) => async (status: number) => {
    try {
      // The answer replaces the user in the cached pages (useUpdateUser).
      await update.mutateAsync({ id: user.id, body: { status } });
      notify.success(common('errors.done'));
      return true;
    } catch (err) {
      notify.error(err, common('errors.requestFailed'));
      return false;
    }
  };

  const columns: Column<User>[] = [
    {
      key: 'name',
      header: t('users.name'),
      cell: (u) => (
        <HStack gap="2" flexWrap="wrap">
          <span>{u.name}</span>
          {u.blocked && (
            <Badge colorPalette="red" data-testid="user-blocked" title={u.blocked_reason ?? undefined}>
              {o.t('users.blockedBadge')}
            </Badge>
          )}
        </HStack>
      ),
    },
    { key: 'phone', header: t('users.phone'), cell: (u) => <span dir="ltr">{u.phone}</span> },
    { key: 'type', header: t('users.type'), cell: (u) => userTypeLabels[lang][u.type] },
    {
      key: 'store',
      header: t('users.store'),
      // A store account without a store: the admin may create one for it (store form, ?user_id=).
      cell: (u) =>
        u.store?.name_store ??
        (hasStatus(u) && !u.has_store ? (
          <Button asChild size="xs" variant="outline" colorPalette="green">
            <RouterLink
              to={dashboardPaths.storeCreateFor.getHref(u.id)}
              aria-label={`${t('stores.createFor')}: ${u.name}`}
            >
              <MdAddBusiness aria-hidden />
              {t('stores.createFor')}
            </RouterLink>
          </Button>
        ) : (
          '—'
        )),
    },
    {
      key: 'subscription',
      header: o.t('users.subscription'),
      cell: (u) =>
        u.subscription
          ? `${subscriptionStateLabels[lang][u.subscription.state]} — ${u.subscription.ends_at.slice(0, 10)}`
          : '—',
    },
    {
      key: 'status',
      header: t('users.status'),
      cell: (u) =>
        hasStatus(u) ? (
          <HStack gap="2">
            <Badge colorPalette={statusPalette[u.status]} data-testid="user-status">
              {userStatusLabels[lang][u.status]}
            </Badge>
            <StatusDialog
              title={t('users.changeStatus', { name: u.name })}
              label={t('users.status')}
              value={u.status}
              options={userStatusOptions(lang)}
              onSave={saveStatus(u)}
              trigger={
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="green"
                  aria-label={`${t('table.edit')}: ${t('users.changeStatus', { name: u.name })}`}
                >
                  <MdEdit aria-hidden />
                  {t('table.edit')}
                </Button>
              }
            />
          </HStack>
        ) : null,
    },
    {
      key: 'actions',
      header: o.t('users.block'),
      // any account but the admin's (farmers included)
      cell: (u) => (u.type === 0 ? null : <BlockDialog user={u} />),
    },
  ];

  return (
    <ScreenFrame title={t('users.list')}>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" as="search">
        <Field.Root recipe={fieldRecipe}>
          <Field.Label htmlFor={searchId}>{o.t('users.search')}</Field.Label>
          <PlainInput
            id={searchId}
            type="search"
            name="q"
            value={filters.q}
            maxLength={100}
            onChange={(e) => setFilter({ q: e.currentTarget.value })}
          />
        </Field.Root>
        <NativeChoice
          size="md"
          label={o.t('users.type')}
          name="type"
          value={String(filters.type)}
          onChange={(v) => setFilter({ type: v === '' ? '' : Number(v) })}
          options={[
            { value: '', label: o.t('users.allTypes') },
            ...USER_TYPES.map((ty) => ({ value: String(ty), label: userTypeLabels[lang][ty] })),
          ]}
        />
        <NativeChoice
          size="md"
          label={o.t('users.status')}
          name="status"
          value={String(filters.status)}
          onChange={(v) => setFilter({ status: v === '' ? '' : Number(v) })}
          options={[
            { value: '', label: o.t('users.allStatuses') },
            ...USER_STATUSES.map((st) => ({ value: String(st), label: userStatusLabels[lang][st] })),
          ]}
        />
        <NativeChoice
          size="md"
          label={o.t('users.blockedFilter')}
          name="blocked"
          value={filters.blocked}
          onChange={(v) => setFilter({ blocked: v })}
          options={[
            { value: '' as const, label: o.t('users.anyBlock') },
            { value: '1' as const, label: o.t('users.onlyBlocked') },
            { value: '0' as const, label: o.t('users.notBlocked') },
          ]}
        />
      </SimpleGrid>
      <DataTable
        empty={t('table.emptyUsers')}
        caption={t('users.list')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(u) => u.id}
        error={failureOf(query)}
        onRetry={() => void query.refetch()}
        page={page}
        lastPage={query.data?.last_page ?? 1}
        onPage={setPage}
      />
      <PasswordRequests />
    </ScreenFrame>
  );
}
