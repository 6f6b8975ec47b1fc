/**
 * The strings of the footer, the toasts and the confirm dialog: parts that load after the first screen,
 * so their strings join the catalogue when they load (`import '@/i18n/layout'`), not with the first load.
 */
import { i18n } from './index';

const layoutAr = {
  footer: {
    social: 'تابعنا',
    chatUs: 'راسلنا على واتساب',
    credit: 'تصميم وتطوير وكالة أغريفت الرقمية',
    rights: 'جميع الحقوق محفوظة',
  },
  dialog: {
    confirm: 'تأكيد',
    cancel: 'إلغاء',
    close: 'إغلاق',
  },
};

type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

const layoutEn: Catalogue<typeof layoutAr> = {
  footer: {
    social: 'Follow us',
    chatUs: 'Chat with us on WhatsApp',
    credit: 'Designed and built by the Agrivet digital agency',
    rights: 'All rights reserved',
  },
  dialog: { confirm: 'Confirm', cancel: 'Cancel', close: 'Close' },
};

i18n.addResourceBundle('ar', 'translation', layoutAr, true, false);
i18n.addResourceBundle('en', 'translation', layoutEn, true, false);

export const LAYOUT_STRINGS = true;
