/**
 * Validation and contract messages. The English catalogue keeps SPEC.md's strings verbatim
 * ('Required', 'Too Short!' …); Arabic is the default language of the product (CONTRACT.md §5).
 */
import type { Lang } from './entities';
import { LIMITS } from './limits';

/** A number in Arabic-Indic digits (٠-٩), as Arabic text writes it. */
const arabicDigits = (n: number): string => String(n).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]);

/**
 * "n letters" as Arabic counts them: 3–10 take the plural (٤ أحرف), 11–99 the singular accusative
 * (٥٠ حرفاً), otherwise the singular (١٠٠ حرف).
 */
const arabicLetters = (n: number): string => {
  const tens = n % 100;
  const noun = tens >= 3 && tens <= 10 ? 'أحرف' : tens >= 11 ? 'حرفاً' : 'حرف';
  return `${arabicDigits(n)} ${noun}`;
};

export const validationMessages = {
  ar: {
    required: 'هذا الحقل مطلوب',
    tooShort: 'قصيرة جداً!',
    passwordTooShort: `قصيرة جداً: ${arabicLetters(LIMITS.passwordMin)} على الأقل`,
    passwordTooLong: `طويلة جداً: ${arabicLetters(LIMITS.passwordMax)} على الأكثر`,
    tooLong: 'طويلة جداً!',
    textTooLong: 'النص طويل جداً',
    passwordsMatch: 'كلمتا المرور غير متطابقتين',
    mustBeNumber: 'يجب أن يكون رقماً',
    minZero: 'يجب ألا تقل القيمة عن 0',
    priceTooHigh: 'السعر كبير جداً',
    priceDecimals: 'السعر يقبل رقمين عشريين على الأكثر',
    minQuantity: 'الكمية يجب أن تكون 1 على الأقل',
    maxQuantity: 'الكمية كبيرة جداً',
    integer: 'يجب أن يكون عدداً صحيحاً',
    invalidChoice: 'قيمة غير صالحة',
    invalidPhone: 'رقم الهاتف غير صالح',
    invalidProvince: 'المحافظة غير صالحة',
    itemsRequired: 'أضف منتجاً واحداً على الأقل',
    tooManyItems: 'عدد المنتجات في الطلب كبير جداً',
    invalidBoolean: 'يجب أن تكون القيمة نعم أو لا',
    invalidId: 'معرّف غير صالح',
    messageOrImage: 'اكتب رسالة أو أرفق صورة',
    deliveryRequired: 'أدخل عنوان التوصيل ورقم الهاتف',
    ratingRange: 'التقييم عدد صحيح من 1 إلى 5',
    controlCharacters: 'النص يحتوي على محارف تحكم غير مسموح بها',
    imageUnreadable: 'تعذّر فتح الملف: ليس صورة صالحة',
    imageNotProcessed: 'تعذّرت معالجة الصورة على هذا الجهاز، جرّب صورة أخرى',
  },
  en: {
    required: 'Required',
    tooShort: 'Too Short!',
    passwordTooShort: `Too Short! At least ${LIMITS.passwordMin} characters`,
    /** SPEC.md §5 verbatim. */
    passwordTooLong: 'Too Long!',
    tooLong: 'Too Long!',
    textTooLong: 'Text is too long',
    passwordsMatch: 'Passwords must match',
    mustBeNumber: 'Must be a number',
    minZero: 'Must be 0 or more',
    priceTooHigh: 'Price is too high',
    priceDecimals: 'At most 2 decimals',
    minQuantity: 'Quantity must be at least 1',
    maxQuantity: 'Quantity is too large',
    integer: 'Must be a whole number',
    invalidChoice: 'Invalid value',
    invalidPhone: 'Invalid phone number',
    invalidProvince: 'Invalid province',
    itemsRequired: 'Add at least one product',
    tooManyItems: 'Too many products in one order',
    invalidBoolean: 'Must be yes or no',
    invalidId: 'Invalid id',
    messageOrImage: 'Write a message or attach a photo',
    deliveryRequired: 'Enter the delivery address and phone',
    ratingRange: 'The rating is a whole number from 1 to 5',
    controlCharacters: 'The text contains control characters that are not allowed',
    imageUnreadable: 'The file could not be opened: it is not a valid image',
    imageNotProcessed: 'This device could not process the photo; try another one',
  },
} as const satisfies Record<Lang, Record<string, string>>;

export type ValidationMessageKey = keyof (typeof validationMessages)['ar'];

/**
 * Arabic messages of the API's error envelope (CONTRACT.md §3), with their English twins for the
 * client's `en` catalogue. The API always answers in Arabic.
 */
export const apiMessages = {
  ar: {
    unauthorized: 'يجب تسجيل الدخول أولاً',
    invalidToken: 'انتهت الجلسة، يرجى تسجيل الدخول من جديد',
    forbidden: 'ليس لديك صلاحية للقيام بهذا الإجراء',
    subscriptionExpired: 'اشتراكك منتهي الصلاحية',
    notFound: 'العنصر غير موجود',
    routeNotFound: 'المسار غير موجود',
    validation: 'البيانات المدخلة غير صالحة',
    badJson: 'صيغة الطلب غير صالحة',
    phoneTaken: 'رقم الهاتف مسجل مسبقاً',
    badCredentials: 'رقم الهاتف أو كلمة المرور غير صحيحة',
    wrongCurrentPassword: 'كلمة المرور الحالية غير صحيحة',
    tooManyAttempts: 'محاولات كثيرة، يرجى المحاولة بعد قليل',
    tooManyRequests: 'طلبات كثيرة، يرجى المحاولة بعد قليل',
    fileTooLarge: 'حجم الملف كبير جداً (الحد الأقصى 5 ميغابايت)',
    notAnImage: 'الملف المرفوع ليس صورة صالحة',
    notMedia: 'الملف المرفوع ليس صورة أو تسجيلاً صوتياً صالحاً',
    voiceTooLong: 'التسجيل الصوتي أطول من 5 دقائق',
    uploadNotFound: 'الملف المرفق غير موجود أو انتهت صلاحيته، أعد رفعه',
    uploadNotYours: 'لا يمكنك إرفاق ملف رفعه مستخدم آخر',
    uploadUsed: 'هذا الملف مرفق برسالة أخرى',
    deleteWindowPassed: 'لا يمكن حذف الرسالة بعد مرور 15 دقيقة على إرسالها',
    pushEndpoint: 'عنوان الإشعارات غير صالح',
    pushEndpointHost: 'عنوان الإشعارات يجب أن يكون على خادم عام باسم نطاق (لا عنوان IP ولا اسم محلي ولا منفذ آخر)',
    mediaLink: 'الرابط غير صالح أو انتهت صلاحيته',
    storeExists: 'لديك متجر مسبقاً',
    notStoreAccount: 'هذا الحساب لا يملك متجراً',
    totalMismatch: 'المجموع لا يطابق أسعار المنتجات الحالية',
    itemsOtherStore: 'كل المنتجات يجب أن تكون من المتجر نفسه',
    cannotChatSelf: 'لا يمكنك مراسلة متجرك',
    cannotOrderSelf: 'لا يمكنك الطلب من متجرك',
    callerMismatch: 'لا يمكنك الكتابة باسم مستخدم آخر',
    internal: 'حدث خطأ غير متوقع، يرجى المحاولة لاحقاً',
    resetRequested: 'تم استلام طلبك، سيتواصل معك فريق الدعم',
    storeUnavailable: 'هذا المتجر غير متاح حالياً',
    orderNotCompleted: 'يمكن تقييم الطلب بعد اكتماله فقط',
    storeGone: 'هذا المتجر لم يعد موجوداً',
    accountBlocked: 'تم حظر هذا الحساب، تواصل مع الدعم',
    blockedInConversation: 'لا يمكنك إرسال رسائل في هذه المحادثة',
    requestOpen: 'لديك طلب تجديد قيد المراجعة',
    amountMismatch: 'المبلغ لا يطابق سعر الباقة',
    requestClosed: 'هذا الطلب مغلق مسبقاً',
    requestOtherUser: 'الطلب يخص حساباً آخر',
    notStoreAccountUser: 'هذا الحساب ليس حساب متجر',
    cannotBlockAdmin: 'لا يمكن حظر حساب المدير',
    reportTarget: 'حدد الرسالة أو المحادثة المبلّغ عنها',
    messageOtherConversation: 'الرسالة لا تنتمي إلى هذه المحادثة',
    reportClosed: 'تمت معالجة هذا البلاغ مسبقاً',
    reportWithoutMessage: 'هذا البلاغ لا يخص رسالة بعينها',
  },
  en: {
    unauthorized: 'Please log in first',
    invalidToken: 'Session expired, please log in again',
    forbidden: 'You are not allowed to do this',
    subscriptionExpired: 'Your subscription has expired',
    notFound: 'Item not found',
    routeNotFound: 'No such route',
    validation: 'Invalid input',
    badJson: 'Malformed request',
    phoneTaken: 'This phone number is already registered',
    badCredentials: 'Wrong phone number or password',
    wrongCurrentPassword: 'The current password is wrong',
    tooManyAttempts: 'Too many attempts, try again later',
    tooManyRequests: 'Too many requests, try again later',
    fileTooLarge: 'File too large (5 MB at most)',
    notAnImage: 'The uploaded file is not a valid image',
    notMedia: 'The uploaded file is not a valid image or voice recording',
    voiceTooLong: 'The voice note is longer than 5 minutes',
    uploadNotFound: 'The attached file does not exist or has expired; upload it again',
    uploadNotYours: 'You cannot attach a file uploaded by another user',
    uploadUsed: 'This file is already attached to another message',
    deleteWindowPassed: 'A message can only be deleted within 15 minutes of sending it',
    pushEndpoint: 'Invalid notification address',
    pushEndpointHost:
      'The notification address must be on a public server by domain name (no IP address, local name or other port)',
    mediaLink: 'This link is invalid or has expired',
    storeExists: 'You already have a store',
    notStoreAccount: 'This account has no store',
    totalMismatch: 'The total does not match the current prices',
    itemsOtherStore: 'All products must come from the same store',
    cannotChatSelf: 'You cannot message your own store',
    cannotOrderSelf: 'You cannot order from your own store',
    callerMismatch: 'You cannot write as another user',
    internal: 'Something went wrong, please try again later',
    resetRequested: 'Your request was received; support will contact you',
    storeUnavailable: 'This store is not available at the moment',
    orderNotCompleted: 'An order can be rated once it is completed',
    storeGone: 'This store no longer exists',
    accountBlocked: 'This account has been blocked; contact support',
    blockedInConversation: 'You cannot send messages in this conversation',
    requestOpen: 'You already have a renewal request under review',
    amountMismatch: 'The amount does not match the plan price',
    requestClosed: 'This request is already closed',
    requestOtherUser: 'The request belongs to another account',
    notStoreAccountUser: 'This account is not a store account',
    cannotBlockAdmin: 'The admin account cannot be blocked',
    reportTarget: 'Choose the reported message or conversation',
    messageOtherConversation: 'The message is not in this conversation',
    reportClosed: 'This report has already been handled',
    reportWithoutMessage: 'This report is not about a single message',
  },
} as const satisfies Record<Lang, Record<string, string>>;

export type ApiMessageKey = keyof (typeof apiMessages)['ar'];
