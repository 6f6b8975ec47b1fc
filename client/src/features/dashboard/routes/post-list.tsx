/** blog/list: the caller's articles (admin: all) with edit and delete, paged. */
import type { Post } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { failureOf } from '@/lib/query-client';
import { useDeletePost } from '@/api/posts';
import { useMyPosts } from '@/api/posts';
import { type Column, DataTable } from '@/features/dashboard/components/data-table';
import { RowActions } from '@/features/dashboard/components/row-actions';
import { AddLink } from '@/features/dashboard/components/add-link';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { usePageParam } from '@/features/dashboard/lib/use-page-param';

export default function PostListRoute() {
  const { t } = useDashboardT();
  const [page, setPage] = usePageParam();
  const query = useMyPosts(page);
  const remove = useDeletePost();

  const columns: Column<Post>[] = [
    { key: 'title', header: t('posts.title'), cell: (p) => p.title },
    { key: 'author', header: t('posts.author'), cell: (p) => p.author.name },
    {
      key: 'special',
      header: t('posts.special'),
      cell: (p) =>
        p.is_special ? (
          <Badge colorPalette="yellow">{t('table.yes')}</Badge>
        ) : (
          <Badge colorPalette="gray">{t('table.no')}</Badge>
        ),
    },
    {
      key: 'actions',
      header: t('table.actions'),
      cell: (p) => (
        <RowActions
          name={p.title}
          editTo={dashboardPaths.blogEdit.getHref(p.id)}
          onDelete={() => remove.mutateAsync(p.id)}
        />
      ),
    },
  ];

  return (
    <ScreenFrame
      title={t('posts.list')}
      actions={<AddLink to={dashboardPaths.blogAdd.getHref()} label={t('posts.add')} />}
    >
      <DataTable
        empty={t('table.emptyPosts')}
        caption={t('posts.list')}
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
