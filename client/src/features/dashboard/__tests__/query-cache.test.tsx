/**
 * Dashboard writes and the query cache: a saved product refetches the product list on screen and marks
 * the public catalogue (the store pages everyone sees) stale; the saved answer becomes the product's
 * cached copy, so the edit form opened again shows it without a request.
 */
import type { Product } from '@agrivet/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createProduct } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { useProducts } from '@/api/products';
import { useSaveProduct } from '@/api/products';
import { productKeys } from '@/api/products';
import { paged } from './factories';
import { fakeApi, restoreApi } from '@test/fake-api';

afterEach(() => restoreApi());

function ProductsWithRename() {
  const list = useProducts(null, 1);
  const save = useSaveProduct();
  const rename = () => {
    const body = new FormData();
    body.set('name', 'مبيد فطري جديد');
    void save.mutateAsync({ id: 5, body });
  };
  return (
    <>
      <ul aria-label="المنتجات">
        {list.data?.data.map((p) => (
          <li key={p.id}>{p.name}</li>
        ))}
      </ul>
      <button type="button" onClick={rename}>
        تعديل
      </button>
    </>
  );
}

describe('dashboard writes', () => {
  it('a saved product refetches the list on screen, updates its cached copy and marks the catalogue stale', async () => {
    let product: Product = createProduct({ id: 5, name: 'مبيد فطري' });
    const requests = fakeApi((req) => {
      if (req.path === 'product/getAll') return { data: paged([product]) };
      if (req.path === 'product/update/5') {
        product = { ...product, name: 'مبيد فطري جديد' };
        return { data: product };
      }
      return undefined;
    });
    const storePage = ['catalogue', 'store-products', product.store_id, 1];
    const { queryClient } = renderWithProviders(<ProductsWithRename />);
    queryClient.setQueryData(storePage, paged([product]));
    expect(await screen.findByText('مبيد فطري')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'تعديل' }));
    expect(await screen.findByText('مبيد فطري جديد')).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET product/getAll',
      'POST product/update/5',
      'GET product/getAll',
    ]);
    expect(queryClient.getQueryData<Product>(productKeys.detail(5))?.name).toBe('مبيد فطري جديد');
    await waitFor(() => expect(queryClient.getQueryState(storePage)?.isInvalidated).toBe(true));
  });
});
