import { provinceName, type Store } from '@agrivet/shared';

/** The province name in the UI language (the API sends the Arabic one as city_name). */
export const provinceLabel = (store: Pick<Store, 'city' | 'city_name'>, lang: string): string =>
  lang === 'en' ? provinceName(store.city, 'en') || store.city_name : store.city_name || provinceName(store.city, 'ar');
