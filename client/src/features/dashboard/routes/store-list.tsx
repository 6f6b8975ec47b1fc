/**
 * bone/list (admin): every store with edit, delete and view products, paged; "add a store" opens the
 * store form, which creates one for a store account without a store (its account number).
 */
import { provinceName, type Store, storeTypeLabels } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { MdVerified } from 'react-icons/md';
import { notify } from '@/components/ui/toaster';
import { failureOf } from '@/lib/query-client';
import { useSetStoreVerified } from '@/api/stores';
import { useDeleteStore } from '@/api/stores';
import { useStores } from '@/api/stores';
import { type Column, DataTable } from '@/features/dashboard/components/data-table';
import { RowActions } from '@/features/dashboard/components/row-actions';
import { AddLink } from '@/features/dashboard/components/add-link';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { usePageParam } from '@/features/dashboard/lib/use-page-param';

export default function StoreListRoute() {
  const { t, lang } = useDashboardT();
  const [page, setPage] = usePageParam();
  const query = useStores(page);
  const remove = useDeleteStore();
  const verify = useSetStoreVerified();
  const toggleVerified = (s: Store) =>
    verify.mutate(
      { id: s.id, verified: !s.verified },
      {
        onSuccess: (saved) =>
          notify.success(saved.verified ? t('stores.verifiedDone') : t('stores.unverifiedDone'), {
            action: `verify-${s.id}`,
          }),
        onError: (err) => notify.error(err, undefined, { action: `verify-${s.id}` }),
      },
    );

  const columns: Column<Store>[] = [
    { key: 'name', header: t('stores.name'), cell: (s) => s.name_store },
    { key: 'type', header: t('stores.type'), cell: (s) => storeTypeLabels[lang][s.type] },
    { key: 'city', header: t('stores.city'), cell: (s) => provinceName(s.city, lang) },
    { key: 'owner', header: t('stores.owner'), cell: (s) => s.owner.name },
    { key: 'products', header: t('stores.products'), cell: (s) => s.products_count, numeric: true },
    {
      key: 'rating',
      header: t('stores.rating'),
      cell: (s) => (s.rating_avg === null ? '—' : `${s.rating_avg.toFixed(1)} (${s.rating_count})`),
      numeric: true,
    },
    {
      key: 'verified',
      header: t('stores.verified'),
      cell: (s) => (
        <HStack gap="2" justify="flex-start" flexWrap="wrap">
          {s.verified && (
            <Badge colorPalette="blue" data-testid="verified-badge">
              <MdVerified aria-hidden />
              {t('stores.verified')}
            </Badge>
          )}
          <Button
            size="xs"
            variant="outline"
            colorPalette={s.verified ? 'gray' : 'blue'}
            onClick={() => toggleVerified(s)}
            loading={verify.isPending && verify.variables?.id === s.id}
            aria-label={`${s.verified ? t('stores.unverify') : t('stores.verify')}: ${s.name_store}`}
          >
            {s.verified ? t('stores.unverify') : t('stores.verify')}
          </Button>
        </HStack>
      ),
    },
    {
      key: 'actions',
      header: t('table.actions'),
      cell: (s) => (
        <RowActions
          name={s.name_store}
          viewTo={dashboardPaths.storeProducts.getHref(s.id)}
          viewLabel={t('stores.viewProducts')}
          editTo={dashboardPaths.storeEdit.getHref(s.id)}
          onDelete={() => remove.mutateAsync(s.id)}
        />
      ),
    },
  ];

  return (
    <ScreenFrame
      title={t('stores.list')}
      actions={<AddLink to={dashboardPaths.storeAdd.getHref()} label={t('stores.add')} />}
    >
      <DataTable
        empty={t('table.emptyStores')}
        caption={t('stores.list')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(s) => s.id}
        error={failureOf(query)}
        onRetry={() => void query.refetch()}
        page={page}
        lastPage={query.data?.last_page ?? 1}
        onPage={setPage}
      />
    </ScreenFrame>
  );
}
