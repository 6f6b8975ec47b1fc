/**
 * product/list: a store account's own products (add, edit, delete); the admin sees all products, or
 * one store's (?store_id= from bone/list), and may edit or delete but not add (SPEC.md §6).
 */
import { type Product, productTypeLabels } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { MdStar } from 'react-icons/md';
import { failureOf } from '@/lib/query-client';
import { useUser } from '@/api/auth';
import { useDeleteProduct } from '@/api/products';
import { useProducts } from '@/api/products';
import { useStore } from '@/api/stores';
import { type Column, DataTable } from '@/features/dashboard/components/data-table';
import { RowActions } from '@/features/dashboard/components/row-actions';
import { AddLink } from '@/features/dashboard/components/add-link';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { useIdParam, usePageParam } from '@/features/dashboard/lib/use-page-param';

export default function ProductListRoute() {
  const { t, lang } = useDashboardT();
  const user = useUser();
  const isAdmin = user?.type === 0;
  const storeParam = useIdParam('store_id');
  const storeId = isAdmin ? storeParam : (user?.store?.id ?? null);
  const [page, setPage] = usePageParam();
  const query = useProducts(storeId, page);
  const store = useStore(isAdmin ? storeParam : null);
  const remove = useDeleteProduct();
  const storeName = isAdmin && storeParam !== null ? store.data?.name_store : undefined;

  const columns: Column<Product>[] = [
    {
      key: 'name',
      header: t('products.name'),
      cell: (p) => (
        <>
          {p.name}{' '}
          {p.is_special && <MdStar aria-label={t('posts.special')} color="#d69e2e" style={{ display: 'inline' }} />}
        </>
      ),
    },
    { key: 'type', header: t('products.type'), cell: (p) => <Badge>{productTypeLabels[lang][p.type]}</Badge> },
    { key: 'price', header: t('products.price'), cell: (p) => `${p.price} $`, numeric: true },
    ...(isAdmin ? [{ key: 'store', header: t('products.store'), cell: (p: Product) => p.store.name_store }] : []),
    {
      key: 'actions',
      header: t('table.actions'),
      cell: (p) => (
        <RowActions
          name={p.name}
          editTo={dashboardPaths.productEdit.getHref(p.id)}
          onDelete={() => remove.mutateAsync(p.id)}
        />
      ),
    },
  ];

  const title = isAdmin
    ? storeName
      ? t('products.listOf', { store: storeName })
      : t('products.all')
    : t('products.list');
  return (
    <ScreenFrame
      title={title}
      actions={!isAdmin && <AddLink to={dashboardPaths.productAdd.getHref()} label={t('products.add')} />}
    >
      <DataTable
        empty={t('table.emptyProducts')}
        caption={title}
        columns={columns}
        rows={query.data?.data}
        rowKey={(p) => p.id}
        error={failureOf(query)}
        onRetry={() => void query.refetch()}
        page={page}
        lastPage={query.data?.last_page ?? 1}
        onPage={setPage}
      />
    </ScreenFrame>
  );
}
