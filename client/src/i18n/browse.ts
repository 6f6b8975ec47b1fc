/**
 * Strings of the phone's bottom navigation, the product page and the share button (issue 24), joined
 * to the catalogue when a screen that uses them loads (`import '@/i18n/browse'`), not with the first
 * load (the landing route's JS budget).
 */
import { i18n } from './index';

const browseAr = {
  bottomNav: {
    label: 'التنقل السريع',
    chats: 'المحادثات',
    orders: 'طلباتي',
    cart: 'السلة',
    account: 'حسابي',
    dashboard: 'لوحتي',
  },
  productPage: {
    title: 'المنتج',
    notFound: 'المنتج غير موجود',
    description: 'الوصف',
    noDescription: 'لا يوجد وصف لهذا المنتج.',
    ask: 'اسأل المتجر عن هذا المنتج',
    loginToAsk: 'سجّل الدخول لتسأل المتجر عن هذا المنتج',
    price: 'السعر',
    store: 'المتجر',
    visitStore: 'صفحة المتجر',
    openNow: 'مفتوح الآن',
    closedNow: 'مغلق الآن',
    replyMinutes: 'يرد عادة خلال {{count}} دقيقة',
    replyHours: 'يرد عادة خلال {{count}} ساعة',
    alwaysOpen: 'مفتوح طوال الأسبوع',
    hours: 'أوقات العمل',
    zoom: 'عرض الصورة بملء الشاشة',
    viewer: 'صورة المنتج',
    close: 'إغلاق',
    details: 'التفاصيل: {{name}}',
    message: 'مراسلة',
    order: 'اطلب',
  },
  share: {
    button: 'مشاركة',
    copied: 'تم نسخ الرابط',
    copyFailed: 'تعذر نسخ الرابط، انسخه من هنا:',
  },
  intent: {
    resuming: 'نكمل ما بدأته…',
  },
};

type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

const browseEn: Catalogue<typeof browseAr> = {
  bottomNav: {
    label: 'Quick navigation',
    chats: 'Chats',
    orders: 'My orders',
    cart: 'Cart',
    account: 'Account',
    dashboard: 'Dashboard',
  },
  productPage: {
    title: 'Product',
    notFound: 'Product not found',
    description: 'Description',
    noDescription: 'This product has no description.',
    ask: 'Ask the store about this product',
    loginToAsk: 'Sign in to ask the store about this product',
    price: 'Price',
    store: 'Store',
    visitStore: 'Store page',
    openNow: 'Open now',
    closedNow: 'Closed now',
    replyMinutes: 'Usually replies within {{count}} minutes',
    replyHours: 'Usually replies within {{count}} hours',
    alwaysOpen: 'Open all week',
    hours: 'Opening hours',
    zoom: 'View the picture full screen',
    viewer: 'Product picture',
    close: 'Close',
    details: 'Details: {{name}}',
    message: 'Message',
    order: 'Order',
  },
  share: {
    button: 'Share',
    copied: 'Link copied',
    copyFailed: 'Could not copy the link, copy it from here:',
  },
  intent: {
    resuming: 'Picking up where you left off…',
  },
};

i18n.addResourceBundle('ar', 'translation', browseAr, true, false);
i18n.addResourceBundle('en', 'translation', browseEn, true, false);

export const BROWSE_STRINGS = true;
