/**
 * user/list (admin): every user, paged; store accounts get a status column changed in a dialog
 * (0 active / 1 disabled / 2 trial); open password-reset requests underneath.
 */
import { type User, userStatusLabels, userTypeLabels } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { MdAddBusiness, MdEdit } from 'react-icons/md';
import { Link as RouterLink } from 'react-router-dom';
import { notify } from '@/components/ui/toaster';
import { failureOf } from '@/lib/query-client';
import { useUsers } from '@/api/users';
import { useUpdateUser } from '@/api/users';
import { type Column, DataTable } from '@/features/dashboard/components/data-table';
import { PasswordRequests } from '@/features/dashboard/components/password-requests';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { StatusDialog } from '@/features/dashboard/components/status-dialog';
import { useDashboardT } from '@/features/dashboard/i18n/register';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { userStatusOptions } from '@/features/dashboard/lib/options';
import { usePageParam } from '@/features/dashboard/lib/use-page-param';

const statusPalette = { 0: 'green', 1: 'red', 2: 'blue' } as const;
const hasStatus = (u: User) => u.type === 1 || u.type === 3;

export default function UserListRoute() {
  const { t, common, lang } = useDashboardT();
  const [page, setPage] = usePageParam();
  const query = useUsers(page);
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
    { key: 'name', header: t('users.name'), cell: (u) => u.name },
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
  ];

  return (
    <ScreenFrame title={t('users.list')}>
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
