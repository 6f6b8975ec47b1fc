/**
 * Validation and contract messages. The English catalogue keeps SPEC.md's strings verbatim
 * ('Required', 'Too Short!' …); Arabic is the default language of the product (CONTRACT.md §5).
 */
import type { Lang } from './entities';

export const validationMessages = {
  ar: {
    required: 'هذا الحقل مطلوب',
    tooShort: 'قصيرة جداً!',
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
  },
  en: {
    required: 'Required',
    tooShort: 'Too Short!',
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
    storeExists: 'لديك متجر مسبقاً',
    notStoreAccount: 'هذا الحساب لا يملك متجراً',
    totalMismatch: 'المجموع لا يطابق أسعار المنتجات الحالية',
    itemsOtherStore: 'كل المنتجات يجب أن تكون من المتجر نفسه',
    cannotChatSelf: 'لا يمكنك مراسلة متجرك',
    cannotOrderSelf: 'لا يمكنك الطلب من متجرك',
    callerMismatch: 'لا يمكنك الكتابة باسم مستخدم آخر',
    internal: 'حدث خطأ غير متوقع، يرجى المحاولة لاحقاً',
    resetRequested: 'تم استلام طلبك، سيتواصل معك فريق الدعم',
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
    storeExists: 'You already have a store',
    notStoreAccount: 'This account has no store',
    totalMismatch: 'The total does not match the current prices',
    itemsOtherStore: 'All products must come from the same store',
    cannotChatSelf: 'You cannot message your own store',
    cannotOrderSelf: 'You cannot order from your own store',
    callerMismatch: 'You cannot write as another user',
    internal: 'Something went wrong, please try again later',
    resetRequested: 'Your request was received; support will contact you',
  },
} as const satisfies Record<Lang, Record<string, string>>;

export type ApiMessageKey = keyof (typeof apiMessages)['ar'];
