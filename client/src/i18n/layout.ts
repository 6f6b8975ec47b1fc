/**
 * The strings of parts that load after the first screen — the footer, the toasts, the confirm dialog,
 * store cards and store pages — joined to the catalogue when they load (`import '@/i18n/layout'`), not
 * with the first load (the landing route's JS budget).
 */
import { addStrings } from './index';

export const layoutAr = {
  store: {
    viewProducts: 'عرض المنتجات',
    viewProduct: 'عرض المنتج',
    chat: 'مراسلة',
    openChat: 'متابعة المحادثة',
    special: 'مميز',
    freeDelivery: 'توصيل مجاني',
    products: 'المنتجات',
    productsCount: '{{count}} منتج',
    loginToChat: 'يرجى تسجيل الدخول لتتمكن من ارسال رسالة',
    notFound: 'المتجر غير موجود',
  },
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
  // the tab's title of a list (lib/page-title.ts): «المشاتل في السويداء — صفحة 2»
  pageTitle: {
    in: '{{name}} في {{where}}',
    page: '{{title}} — صفحة {{page}}',
  },
};

addStrings('layout', 'translation', layoutAr, () => import('./layout-en').then((m) => m.layoutEn));

export const LAYOUT_STRINGS = true;
