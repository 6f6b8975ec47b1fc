/** /leaf, /bone, /farm: stores of one type, province filter, sort (newest or best rated), previous/next paging. */
import { provinceLabel, type StoreType } from '@agrivet/shared';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { HStack } from '@chakra-ui/react/stack';
import { useId } from 'react';
import { fieldRecipe, nativeSelectRecipe } from '@/lib/theme/slot-recipes';
import { useSearchParams } from 'react-router-dom';
import { CardGrid } from '@/components/ui/card-grid';
import { OfflineCopyNote } from '@/components/ui/offline-note';
import { Page } from '@/components/ui/page';
import { Pager } from '@/components/ui/pager';
import { ProvinceFilter } from '@/components/ui/province-filter';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useTranslation } from 'react-i18next';
import { currentLang } from '@/i18n';
import { listTitle } from '@/lib/page-title';
import { failureOf } from '@/lib/query-client';
import { useStoresByCity } from '@/api/stores';
import { StoreCard } from '@/features/stores/components/store-card';

const titleKeys = { 0: 'nav.pharmacies', 1: 'nav.clinics', 3: 'nav.nurseries' } as const;

export function StoresList({ type }: { type: StoreType }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const cityParam = Number(params.get('city'));
  const city = Number.isInteger(cityParam) && cityParam > 0 ? cityParam : null;
  // The first page after a page load may already be in the cache (index.html's early request, or the
  // copy saved in IndexedDB by an earlier visit): shown at once.
  const sort = params.get('sort') === 'rating' ? 'rating' : null;
  const query = useStoresByCity({ type, page, city, sort });
  const sortId = useId();
  const failure = failureOf(query);
  const { t } = useTranslation();
  const title = t(titleKeys[type]);

  const update = (next: { page?: number; city?: number | null; sort?: 'rating' | null }) => {
    const p = new URLSearchParams(params);
    const nextSort = next.sort === undefined ? sort : next.sort;
    if (nextSort) p.set('sort', nextSort);
    else p.delete('sort');
    const nextCity = next.city === undefined ? city : next.city;
    if (nextCity) p.set('city', String(nextCity));
    else p.delete('city');
    const nextPage = next.page ?? 1;
    if (nextPage > 1) p.set('page', String(nextPage));
    else p.delete('page');
    setParams(p);
    window.scrollTo({ top: 0 });
  };

  return (
    <Page title={title} tab={listTitle(t, title, page, city ? provinceLabel(city, currentLang()) : null)}>
      <HStack gap="3" align="end" flexWrap="wrap">
        <ProvinceFilter value={city} onChange={(c) => update({ city: c, page: 1 })} />
        <Field.Root recipe={fieldRecipe} maxW={{ base: 'full', sm: '48' }}>
          <Field.Label htmlFor={sortId}>{t('storeState.sort')}</Field.Label>
          <NativeSelect.Root recipe={nativeSelectRecipe} size="md">
            <NativeSelect.Field
              id={sortId}
              value={sort ?? ''}
              onChange={(e) => update({ sort: e.currentTarget.value === 'rating' ? 'rating' : null, page: 1 })}
            >
              <option value="">{t('storeState.sortNewest')}</option>
              <option value="rating">{t('storeState.sortRating')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      {query.data && <OfflineCopyNote />}
      {!query.data ? (
        failure ? (
          <ErrorState error={failure} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : query.data.data.length === 0 ? (
        <EmptyState
          message={t('storeState.noStores')}
          action={
            city ? (
              <Button variant="outline" colorPalette="green" onClick={() => update({ city: null, page: 1 })}>
                {t('storeState.allProvinces')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Box opacity={query.isPlaceholderData ? 0.6 : 1} aria-busy={query.isPlaceholderData}>
          <CardGrid label={title}>
            {query.data.data.map((store, i) => (
              <li key={store.id}>
                <StoreCard store={store} eager={i < 2} />
              </li>
            ))}
          </CardGrid>
          <Pager page={query.data.current_page} lastPage={query.data.last_page} onChange={(p) => update({ page: p })} />
        </Box>
      )}
    </Page>
  );
}

export const PharmaciesRoute = () => <StoresList type={0} />;
export const ClinicsRoute = () => <StoresList type={1} />;
export const NurseriesRoute = () => <StoresList type={3} />;
