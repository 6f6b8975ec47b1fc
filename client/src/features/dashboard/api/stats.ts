/** Figures for the statistics home: the store's own, or the whole site's for the admin. */
import { type AdminStats, apiPaths, type StoreStats } from '@agrivet/shared';
import { apiGet } from '../../../lib/api-client';

export const getStoreStats = (signal?: AbortSignal) => apiGet<StoreStats>(apiPaths.stats.store, undefined, signal);
export const getAdminStats = (signal?: AbortSignal) => apiGet<AdminStats>(apiPaths.stats.admin, undefined, signal);
