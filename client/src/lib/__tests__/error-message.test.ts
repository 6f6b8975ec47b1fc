/** What a toast or a field says for something thrown: ours, in the UI language; never the browser's English. */
import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, UserFacingError } from '@/lib/api-error';
import { ImageError } from '@/lib/compress-image';

const FALLBACK = 'فشل الطلب';

describe('errorMessage', () => {
  it('says the message of an API failure, of an error of ours, and of a plain Error', () => {
    expect(errorMessage(new ApiError(409, 'رقم الهاتف مسجل مسبقاً', 'conflict'), FALLBACK)).toBe(
      'رقم الهاتف مسجل مسبقاً',
    );
    expect(errorMessage(new UserFacingError('حجم الملف كبير جداً'), FALLBACK)).toBe('حجم الملف كبير جداً');
    expect(errorMessage(new ImageError('unreadable'), FALLBACK)).toBe('تعذّر فتح الملف: ليس صورة صالحة');
    expect(errorMessage(new Error('تعذر الإرسال'), FALLBACK)).toBe('تعذر الإرسال');
  });

  it("says the fallback for the browser's and libraries' own errors, and for what is not an error", () => {
    expect(
      errorMessage(new DOMException('The source image could not be decoded.', 'InvalidStateError'), FALLBACK),
    ).toBe(FALLBACK);
    expect(errorMessage(new TypeError('Failed to fetch'), FALLBACK)).toBe(FALLBACK);
    expect(errorMessage(new RangeError('Invalid time value'), FALLBACK)).toBe(FALLBACK);
    expect(errorMessage('oops', FALLBACK)).toBe(FALLBACK);
    expect(errorMessage(new Error(''), FALLBACK)).toBe(FALLBACK);
  });
});
