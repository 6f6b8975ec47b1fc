/** English twins of missing.ts's strings, loaded only for a reader who chose English (i18n/index.ts addStrings). */
import type { missingAr } from './missing';
import type { EnglishOf } from './index';

export const missingEn: EnglishOf<typeof missingAr> = {
  missing: {
    store: 'Store not found',
    product: 'Product not found',
    article: 'Article not found',
    hint: 'It may have been removed or its link changed. Find something like it here:',
  },
};
