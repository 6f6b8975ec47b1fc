/** One form for a phone (docs/decisions.md "Phone numbers"), and the password length messages. */
import { describe, expect, it } from 'vitest';
import {
  canonicalPhone,
  changePasswordSchema,
  deliverySchema,
  forgetPasswordSchema,
  isValidPhone,
  loginSchema,
  phoneSearch,
  registerSchema,
  userUpdateSchema,
  validationErrorFields,
  validationMessages,
} from '../src';

const INVALID = validationMessages.ar.invalidPhone;

/** The phone field of the register schema: its parsed value, or its Arabic message. */
function registerPhone(phone: unknown): string {
  try {
    return registerSchema().pick(['phone']).validateSync({ phone }, { abortEarly: false }).phone as string;
  } catch (err) {
    return `error: ${validationErrorFields(err).phone}`;
  }
}

describe('canonicalPhone', () => {
  it.each([
    ['+963944000001', '0944000001'],
    ['00963944000001', '0944000001'],
    ['963944000001', '0944000001'],
    ['+963 944 000 001', '0944000001'],
    ['+963-944-000-001', '0944000001'],
    ['00 963 944 000 001', '0944000001'],
    ['٠٠٩٦٣٩٤٤٠٠٠٠٠١', '0944000001'],
    ['+٩٦٣ ٩٤٤ ٠٠٠ ٠٠١', '0944000001'],
    ['+۹۶۳۹۴۴۰۰۰۰۰۱', '0944000001'],
    // the trunk 0 written after the country code is not doubled
    ['+963 0944 000 001', '0944000001'],
    // a number copied from an Arabic screen, with its bidi marks
    ['\u200E+963 944 000 001\u200F', '0944000001'],
    ['\u202A+963944000001\u202C', '0944000001'],
    // a Damascus landline written internationally
    ['+963 11 223 3445', '0112233445'],
    ['0944-000-004', '0944000004'],
    ['٠٩٤٤٠٠٠٠٠٤', '0944000004'],
  ])('%s → %s', (typed, canonical) => {
    expect(canonicalPhone(typed)).toBe(canonical);
  });

  it('leaves other numbers as they are (cleaned)', () => {
    expect(canonicalPhone('011 223 3445')).toBe('0112233445');
    expect(canonicalPhone('+49 30 1234567')).toBe('+49301234567');
    expect(canonicalPhone('0049301234567')).toBe('0049301234567');
    // a short local number that happens to start with 963 is not a country code
    expect(canonicalPhone('9631234')).toBe('9631234');
    expect(canonicalPhone('963123456789012')).toBe('963123456789012');
  });

  it('isValidPhone: 7–15 digits, a Syrian mobile exactly 10', () => {
    expect(isValidPhone('0944000001')).toBe(true);
    expect(isValidPhone('0112233445')).toBe(true);
    expect(isValidPhone('+49301234567')).toBe(true);
    expect(isValidPhone('094400000')).toBe(false);
    expect(isValidPhone('09440000011')).toBe(false);
    expect(isValidPhone('123456')).toBe(false);
  });
});

describe('the phone of register, forget-password, user/update and the delivery', () => {
  it('stores every international Syrian form as 09…', () => {
    for (const typed of [
      '+963944000001',
      '00963944000001',
      '963944000001',
      '+963 944 000 001',
      '00963-944-000-001',
      '+٩٦٣ ٩٤٤ ٠٠٠ ٠٠١',
      '٠٩٤٤ ٠٠٠ ٠٠١',
      '0944-000-001',
    ]) {
      expect(registerPhone(typed), typed).toBe('0944000001');
    }
  });

  it('a Syrian mobile (09…) must be exactly 10 digits: 9, 11 or 14 are the Arabic invalid-phone error', () => {
    expect(registerPhone('094400000')).toBe(`error: ${INVALID}`);
    expect(registerPhone('09440000011')).toBe(`error: ${INVALID}`);
    expect(registerPhone('09441234567890')).toBe(`error: ${INVALID}`);
    // … however it was written
    expect(registerPhone('+96394400000')).toBe(`error: ${INVALID}`);
    expect(registerPhone('0096394400000011')).toBe(`error: ${INVALID}`);
    expect(registerPhone('٠٩٤٤١٢٣٤٥٦٧٨٩٠')).toBe(`error: ${INVALID}`);
  });

  it('keeps landlines and other numbers of 7–15 digits accepted as before', () => {
    expect(registerPhone('011 223 3445')).toBe('0112233445');
    expect(registerPhone('0112233')).toBe('0112233');
    expect(registerPhone('+49 30 1234567')).toBe('+49301234567');
    expect(registerPhone('123456')).toBe(`error: ${INVALID}`);
    expect(registerPhone('0123456789012345')).toBe(`error: ${INVALID}`);
    expect(registerPhone('')).toBe(`error: ${validationMessages.ar.required}`);
  });

  it('applies the same rule to forget-password, user/update and the delivery phone', () => {
    expect(forgetPasswordSchema().validateSync({ phone: '+963 944 000 001' }).phone).toBe('0944000001');
    expect(userUpdateSchema().validateSync({ phone: '00963944000001' }).phone).toBe('0944000001');
    expect(userUpdateSchema().validateSync({}).phone).toBeUndefined();
    const delivery = deliverySchema().validateSync({ province: 1, address: 'دمشق', phone: '963944000001' });
    expect(delivery.phone).toBe('0944000001');
    for (const schema of [forgetPasswordSchema(), userUpdateSchema(), deliverySchema()]) {
      try {
        schema.validateSync({ province: 1, address: 'دمشق', phone: '09441234567890' }, { abortEarly: false });
        expect.unreachable();
      } catch (err) {
        expect(validationErrorFields(err).phone).toBe(INVALID);
      }
    }
  });
});

describe('login', () => {
  it('canonicalises the phone without validating it', () => {
    const parse = (phone: string) => loginSchema().validateSync({ phone, password: 'farmer1234' }).phone;
    expect(parse('+963944444444')).toBe('0944444444');
    expect(parse('00963 944 444 444')).toBe('0944444444');
    expect(parse('٠٩٤٤٤٤٤٤٤٤')).toBe('0944444444');
    // only required, as SPEC.md §5 says: what was accepted before still is
    expect(parse('1')).toBe('1');
    expect(parse('09441234567890')).toBe('09441234567890');
  });
});

describe('password length messages (SPEC.md §5)', () => {
  const passwordError = (lang: 'ar' | 'en', password: string) => {
    try {
      loginSchema(lang).validateSync({ phone: '0944444444', password });
      return null;
    } catch (err) {
      return validationErrorFields(err).password;
    }
  };
  it('the Arabic messages state both limits the same way', () => {
    expect(passwordError('ar', 'abc')).toBe('قصيرة جداً: 4 أحرف على الأقل');
    expect(passwordError('ar', 'x'.repeat(51))).toBe('طويلة جداً: 50 حرفاً على الأكثر');
    expect(passwordError('ar', 'x'.repeat(50))).toBeNull();
    try {
      changePasswordSchema().validateSync({
        current_password: 'x'.repeat(51),
        password: 'abcd',
        password_confirmation: 'abcd',
      });
      expect.unreachable();
    } catch (err) {
      expect(validationErrorFields(err).current_password).toBe('طويلة جداً: 50 حرفاً على الأكثر');
    }
  });
  it("keeps SPEC.md's English 'Too Long!'", () => {
    expect(passwordError('en', 'x'.repeat(51))).toBe('Too Long!');
  });
});

describe('a search typed as a phone (the admin\u2019s user search, the store\u2019s inbox)', () => {
  it('is looked for in its stored form; any other search is not a phone', () => {
    expect(phoneSearch('+963 944 123 456')).toBe('0944123456');
    expect(phoneSearch('٠٩٤٤-١٢٣')).toBe('0944123');
    expect(phoneSearch('0944')).toBe('0944');
    expect(phoneSearch('أحمد 0944')).toBeNull();
    expect(phoneSearch(' - ')).toBeNull();
  });
});
