/**
 * Strings of the view of a missing store, product or article (components/ui/missing-page-view.tsx),
 * joined to the catalogue when that view loads — no page's first load carries them.
 */
import { addStrings } from './index';

export const missingAr = {
  missing: {
    store: 'المتجر غير موجود',
    product: 'المنتج غير موجود',
    article: 'المقال غير موجود',
    hint: 'ربما حُذف أو تغيّر رابطه. تجد ما يشبهه هنا:',
  },
};

addStrings('missing', 'translation', missingAr, () => import('./missing-en').then((m) => m.missingEn));
