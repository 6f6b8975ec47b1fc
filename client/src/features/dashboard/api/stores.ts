/** Stores in the dashboard: the admin's list, one store, create/update, delete. */
import { apiPaths, type Paged, type Store } from '@agrivet/shared';
import type { AxiosProgressEvent } from 'axios';
import { apiGet, apiPost } from '../../../lib/api-client';

export const getStores = (page: number, signal?: AbortSignal) =>
  apiGet<Paged<Store>>(apiPaths.store.getAll, { page_number: page }, signal);

export const getStore = (id: number, signal?: AbortSignal) => apiGet<Store>(apiPaths.store.get(id), undefined, signal);

export const saveStore = (id: number | null, body: FormData, onUploadProgress?: (e: AxiosProgressEvent) => void) =>
  apiPost<Store>(id === null ? apiPaths.store.create : apiPaths.store.update(id), body, { onUploadProgress });

export const deleteStore = (id: number) => apiPost<{ id: number }>(apiPaths.store.delete(id));
