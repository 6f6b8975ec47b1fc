/**
 * English mode translates what the API sends in Arabic for display: a store page shows its province as
 * "Damascus — …" (not «دمشق — …») and a product of type 0 as "Medicines" (issue 24).
 */
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProduct } from '@test/factories';
import { renderWithProviders } from '@test/render';
import StoreProductsRoute from '@/features/products/routes/store-products';
import { setLang } from '@/i18n';

const apiGet = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiGet,
}));

beforeEach(() => {
  apiGet.mockImplementation(async (path: string) =>
    path.startsWith('store/reviews/')
      ? { data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 }
      : {
          store: {
            id: 3,
            name_store: 'صيدلية الربيع',
            city: 1,
            city_name: 'دمشق',
            address: 'شارع بغداد',
            available: true,
            rating_avg: null,
            rating_count: 0,
            verified: false,
          },
          data: [createProduct({ id: 5, name: 'مضاد حيوي للأغنام', store_id: 3, type: 0 })],
          current_page: 1,
          last_page: 1,
          per_page: 10,
          total: 1,
        },
  );
});

afterEach(async () => {
  apiGet.mockReset();
  await setLang('ar');
});

const renderStore = () =>
  renderWithProviders(
    <Routes>
      <Route path="/products/:id" element={<StoreProductsRoute />} />
    </Routes>,
    { route: '/products/3' },
  );

describe('a store page', () => {
  it('in Arabic: the province as sent, the category «أدوية»', async () => {
    renderStore();
    expect(await screen.findByText('دمشق — شارع بغداد')).toBeInTheDocument();
    expect(await screen.findByText('أدوية')).toBeInTheDocument();
  });

  it('in English: "Damascus — …" and "Medicines"', async () => {
    await setLang('en');
    renderStore();
    expect(await screen.findByText('Damascus — شارع بغداد')).toBeInTheDocument();
    expect(await screen.findByText('Medicines')).toBeInTheDocument();
    expect(screen.queryByText(/دمشق/)).toBeNull();
    expect(screen.queryByText('Medical')).toBeNull();
  });
});
