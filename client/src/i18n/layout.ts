/**
 * The strings of parts that load after the first screen — the footer, the toasts, the confirm dialog,
 * store cards and store pages — joined to the catalogue when they load (`import '@/i18n/layout'`), not
 * with the first load (the landing route's JS budget).
 */
import { i18n } from './index';

const layoutAr = {
  store: {
    viewProducts: 'عرض المنتجات',
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
};

type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

const layoutEn: Catalogue<typeof layoutAr> = {
  store: {
    viewProducts: 'View products',
    chat: 'Message',
    openChat: 'Open conversation',
    special: 'Special',
    freeDelivery: 'Free delivery',
    products: 'Products',
    productsCount: '{{count}} products',
    loginToChat: 'Please log in to send a message',
    notFound: 'Store not found',
  },
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
