/**
 * Strings of the phone's bottom navigation, the product page and the share button (issue 24), joined
 * to the catalogue when a screen that uses them loads (`import '@/i18n/browse'`), not with the first
 * load (the landing route's JS budget).
 */
import { addStrings } from './index';

export const browseAr = {
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
    askConfirm: 'هل تريد إرسال هذا المنتج إلى {{store}} لتسأل عنه؟',
    askSend: 'إرسال',
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

addStrings('browse', 'translation', browseAr, () => import('./browse-en').then((m) => m.browseEn));

export const BROWSE_STRINGS = true;
