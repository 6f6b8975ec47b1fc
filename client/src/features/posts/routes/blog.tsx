/** /blog: the wellness point articles, previous/next paging. */
import { Box } from '@chakra-ui/react/box';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CardGrid } from '@/components/ui/card-grid';
import { OfflineCopyNote } from '@/components/ui/offline-note';
import { Page } from '@/components/ui/page';
import { Pager } from '@/components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { listTitle } from '@/lib/page-title';
import { failureOf } from '@/lib/query-client';
import { usePosts } from '@/api/posts';
import { PostCard } from '@/features/posts/components/post-card';

export default function BlogRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = usePosts(page);
  const failure = failureOf(query);
  return (
    <Page title={t('blog.title')} tab={listTitle(t, t('blog.title'), page)}>
      {query.data && <OfflineCopyNote />}
      {!query.data ? (
        failure ? (
          <ErrorState error={failure} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : query.data.data.length === 0 ? (
        <EmptyState />
      ) : (
        <Box opacity={query.isPlaceholderData ? 0.6 : 1} aria-busy={query.isPlaceholderData}>
          <CardGrid label={t('blog.title')}>
            {query.data.data.map((post, i) => (
              <li key={post.id}>
                <PostCard post={post} eager={i < 2} />
              </li>
            ))}
          </CardGrid>
          <Pager
            page={query.data.current_page}
            lastPage={query.data.last_page}
            onChange={(p) => setParams(p > 1 ? { page: String(p) } : {})}
          />
        </Box>
      )}
    </Page>
  );
}
