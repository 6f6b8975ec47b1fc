/** The relay's own Arabic error messages (the API's live in @agrivet/shared's apiMessages). */
import { type ApiFailure, apiMessages, type ErrorCode, errorCodeForStatus } from '@agrivet/shared';

export const relayMessages = {
  apiUnavailable: 'الخدمة غير متاحة حالياً، يرجى المحاولة بعد قليل',
  apiTimeout: 'انتهت مهلة الطلب، يرجى المحاولة من جديد',
  shuttingDown: 'الخادم يعيد التشغيل، يرجى المحاولة بعد قليل',
  payloadTooLarge: 'حجم البيانات المرسلة كبير جداً',
  notInConversation: 'يجب فتح المحادثة أولاً',
} as const;

export const failure = (
  status: number,
  message: string,
  fields?: Record<string, string>,
  code: ErrorCode = errorCodeForStatus(status),
): ApiFailure => (fields ? { status, error: { code, message, fields } } : { status, error: { code, message } });

export const invalid = (fields: Record<string, string>): ApiFailure => failure(422, apiMessages.ar.validation, fields);

export const internalError = (): ApiFailure => failure(500, apiMessages.ar.internal);
