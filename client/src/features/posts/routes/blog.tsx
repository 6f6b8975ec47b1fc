/** /blog: the wellness point articles, previous/next paging. */
import { Box } from '@chakra-ui/react/box';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CardGrid } from '../../../components/ui/card-grid';
import { Page } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { useQuery } from '../../../lib/use-query';
import { getPosts } from '../api/get-posts';
import { PostCard } from '../components/post-card';

export default function BlogRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery(`posts:${page}`, (signal) => getPosts(page, signal));
  return (
    <Page title={t('blog.title')}>
      {query.error ? (
        <ErrorState error={query.error} onRetry={query.reload} />
      ) : query.loading && !query.data ? (
        <LoadingState />
      ) : query.data && query.data.data.length === 0 ? (
        <EmptyState />
      ) : query.data ? (
        <Box opacity={query.loading ? 0.6 : 1}>
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
      ) : null}
    </Page>
  );
}
