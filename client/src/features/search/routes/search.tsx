/** /search?q=…: stores, products and articles matching the query. */
import { formatPrice } from '@agrivet/shared';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { CardGrid } from '../../../components/ui/card-grid';
import { ItemCard } from '../../../components/ui/item-card';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { paths } from '../../../config/paths';
import { useQuery } from '../../../lib/use-query';
import { search } from '../api/search';

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h2" size="lg">
        {title} ({count})
      </Heading>
      <CardGrid label={title}>{children}</CardGrid>
    </Stack>
  );
}

function OpenLink({ to, label }: { to: string; label: string }) {
  return (
    <Button asChild size="sm" colorPalette="green" flex="1">
      <RouterLink to={to}>{label}</RouterLink>
    </Button>
  );
}

export default function SearchRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const query = useQuery(`search:${q}`, (signal) => search(q, 1, signal), q.length > 0);
  const r = query.data;
  const total = r ? r.stores.total + r.products.total + r.posts.total : 0;
  return (
    <Page title={q ? t('search.title', { q }) : t('nav.search')}>
      {!q ? (
        <EmptyState message={t('search.prompt')} />
      ) : query.error ? (
        <ErrorState error={query.error} onRetry={query.reload} />
      ) : !r || query.loading ? (
        <LoadingState />
      ) : total === 0 ? (
        <EmptyState />
      ) : (
        <Stack gap="8">
          <Section title={t('search.stores')} count={r.stores.total}>
            {r.stores.data.map((s) => (
              <li key={`s${s.id}`}>
                <ItemCard
                  image={s.image}
                  title={s.name_store}
                  titleAs="h3"
                  freeDelivery
                  actions={<OpenLink to={paths.store.getHref(s.id)} label={t('store.viewProducts')} />}
                >
                  <Text fontSize="sm" color="fg.muted">
                    {s.city_name} — {s.address}
                  </Text>
                </ItemCard>
              </li>
            ))}
          </Section>
          <Section title={t('search.products')} count={r.products.total}>
            {r.products.data.map((p) => (
              <li key={`p${p.id}`}>
                <ItemCard
                  image={p.image}
                  title={p.name}
                  titleAs="h3"
                  special={p.is_special}
                  actions={<OpenLink to={paths.store.getHref(p.store_id)} label={p.store.name_store} />}
                >
                  <Text fontWeight="bold" color="green.700" dir="ltr" textAlign="start">
                    {formatPrice(p.price_cents)}
                  </Text>
                </ItemCard>
              </li>
            ))}
          </Section>
          <Section title={t('search.posts')} count={r.posts.total}>
            {r.posts.data.map((p) => (
              <li key={`a${p.id}`}>
                <ItemCard
                  image={p.image}
                  title={p.title}
                  titleAs="h3"
                  special={p.is_special}
                  actions={<OpenLink to={paths.article.getHref(p.id)} label={t('blog.readMore')} />}
                >
                  <Text fontSize="sm" lineClamp={2}>
                    {p.description}
                  </Text>
                </ItemCard>
              </li>
            ))}
          </Section>
        </Stack>
      )}
    </Page>
  );
}
