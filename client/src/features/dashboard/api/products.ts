/** Products in the dashboard: list (all, or one store's), one product, create/update, delete. */
import { apiPaths, type Paged, type Product } from '@agrivet/shared';
import type { AxiosProgressEvent } from 'axios';
import { apiGet, apiPost } from '../../../lib/api-client';

export const getProducts = (page: number, storeId: number | null, signal?: AbortSignal) =>
  apiGet<Paged<Product>>(apiPaths.product.getAll, { page_number: page, store_id: storeId }, signal);

export const getProduct = (id: number, signal?: AbortSignal) =>
  apiGet<Product>(apiPaths.product.get(id), undefined, signal);

export const saveProduct = (id: number | null, body: FormData, onUploadProgress?: (e: AxiosProgressEvent) => void) =>
  apiPost<Product>(id === null ? apiPaths.product.create : apiPaths.product.update(id), body, { onUploadProgress });

export const deleteProduct = (id: number) => apiPost<{ id: number }>(apiPaths.product.delete(id));
