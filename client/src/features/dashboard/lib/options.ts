/** Select options built from the shared enumerations, in the UI language. */
import {
  PRODUCT_TYPES,
  PROVINCES,
  productTypeLabels,
  STORE_TYPES,
  storeTypeLabels,
  USER_STATUSES,
  userStatusLabels,
  ORDER_STATUSES,
  orderStatusLabels,
} from '@agrivet/shared';

type Lang = 'ar' | 'en';

export const provinceOptions = (lang: Lang) =>
  PROVINCES.map((p) => ({ value: p.id, label: lang === 'en' ? p.name_en : p.name }));
export const storeTypeOptions = (lang: Lang) => STORE_TYPES.map((v) => ({ value: v, label: storeTypeLabels[lang][v] }));
export const productTypeOptions = (lang: Lang) =>
  PRODUCT_TYPES.map((v) => ({ value: v, label: productTypeLabels[lang][v] }));
export const userStatusOptions = (lang: Lang) =>
  USER_STATUSES.map((v) => ({ value: v, label: userStatusLabels[lang][v] }));
export const orderStatusOptions = (lang: Lang) =>
  ORDER_STATUSES.map((v) => ({ value: v, label: orderStatusLabels[lang][v] }));
