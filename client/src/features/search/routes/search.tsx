/**
 * /search?q=…&page=…: stores, products and articles matching the query. The API pages the three lists
 * together (one page_number), so the shared Pager goes up to the largest last_page of the three.
 */
import { formatPrice, provinceLabel } from '@agrivet/shared';
import { Button } from '@chakra-ui/react/button';
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { CardGrid } from '@/components/ui/card-grid';
import { ItemCard } from '@/components/ui/item-card';
import { OfflineCopyNote } from '@/components/ui/offline-note';
import { Page } from '@/components/ui/page';
import { Pager } from '@/components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { searchTitle } from '@/lib/page-title';
import { failureOf } from '@/lib/query-client';
import { useSearch } from '@/api/search';
import { currentLang } from '@/i18n';

function Section({
  title,
  count,
  shown,
  children,
}: {
  title: string;
  count: number;
  shown: number;
  children: ReactNode;
}) {
  // A later page may hold nothing of a short list.
  if (count === 0 || shown === 0) return null;
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h2" size="lg">
        {title} ({count})
      </Heading>
      <CardGrid label={title}>{children}</CardGrid>
    </Stack>
  );
}

/** `of`: what the link opens, in its accessible name («عرض المنتج: بذور قمح»): a list's links differ. */
function OpenLink({ to, label, of, outline }: { to: string; label: string; of?: string; outline?: boolean }) {
  return (
    <Button asChild size="sm" colorPalette="green" flex="1" minW="0" variant={outline ? 'outline' : 'solid'}>
      <RouterLink to={to} aria-label={of ? `${label}: ${of}` : undefined}>
        <Box as="span" truncate title={label}>
          {label}
        </Box>
      </RouterLink>
    </Button>
  );
}

export default function SearchRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useSearch(q, page);
  const r = query.data;
  const failure = failureOf(query);
  const total = r ? r.stores.total + r.products.total + r.posts.total : 0;
  const lastPage = r ? Math.max(r.stores.last_page, r.products.last_page, r.posts.last_page) : 1;
  const goTo = (p: number) => {
    setParams(p > 1 ? { q, page: String(p) } : { q });
    window.scrollTo({ top: 0 });
  };
  return (
    <Page title={q ? t('search.title', { q }) : t('nav.search')} tab={searchTitle(t, q)}>
      {!q ? (
        <EmptyState message={t('search.prompt')} />
      ) : !r ? (
        failure ? (
          <ErrorState error={failure} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : total === 0 ? (
        <EmptyState />
      ) : (
        <Stack gap="8" opacity={query.isPlaceholderData ? 0.6 : 1} aria-busy={query.isPlaceholderData}>
          <OfflineCopyNote />
          <Section title={t('search.stores')} count={r.stores.total} shown={r.stores.data.length}>
            {r.stores.data.map((s) => (
              <li key={`s${s.id}`}>
                <ItemCard
                  image={s.image}
                  title={s.name_store}
                  titleAs="h3"
                  freeDelivery
                  actions={
                    <OpenLink to={paths.store.getHref(s.id)} label={t('store.viewProducts')} of={s.name_store} />
                  }
                >
                  <Text fontSize="sm" color="fg.muted">
                    {provinceLabel(s.city, currentLang(), s.city_name)} — {s.address}
                  </Text>
                </ItemCard>
              </li>
            ))}
          </Section>
          <Section title={t('search.products')} count={r.products.total} shown={r.products.data.length}>
            {r.products.data.map((p) => (
              <li key={`p${p.id}`}>
                <ItemCard
                  image={p.image}
                  title={p.name}
                  titleAs="h3"
                  special={p.is_special}
                  actions={
                    <>
                      <OpenLink to={paths.product.getHref(p.id)} label={t('store.viewProduct')} of={p.name} />
                      <OpenLink to={paths.store.getHref(p.store_id)} label={p.store.name_store} outline />
                    </>
                  }
                >
                  <Text fontWeight="bold" color="green.700" dir="ltr" textAlign="start">
                    {formatPrice(p.price_cents)}
                  </Text>
                </ItemCard>
              </li>
            ))}
          </Section>
          <Section title={t('search.posts')} count={r.posts.total} shown={r.posts.data.length}>
            {r.posts.data.map((p) => (
              <li key={`a${p.id}`}>
                <ItemCard
                  image={p.image}
                  title={p.title}
                  titleAs="h3"
                  special={p.is_special}
                  actions={<OpenLink to={paths.article.getHref(p.id)} label={t('blog.readMore')} of={p.title} />}
                >
                  <Text fontSize="sm" lineClamp={2}>
                    {p.description}
                  </Text>
                </ItemCard>
              </li>
            ))}
          </Section>
          <Pager page={page} lastPage={lastPage} onChange={goTo} />
        </Stack>
      )}
    </Page>
  );
}
