/** CONTRACT.md §7 "Text": control characters refused, bidi controls removed from names and titles. */
import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  hasControlCharacters,
  loginSchema,
  messageCreateSchema,
  postSchema,
  productSchema,
  registerSchema,
  stripBidiControls,
  storeSchema,
  userUpdateSchema,
  validationErrorFields,
  validationMessages,
} from '../src';

const refused = validationMessages.ar.controlCharacters;

function fieldsOf(schema: { validateSync(v: unknown, o: object): unknown }, value: unknown) {
  try {
    schema.validateSync(value, { abortEarly: false, stripUnknown: true });
    return {};
  } catch (err) {
    return validationErrorFields(err);
  }
}

describe('control characters', () => {
  it('finds NUL, C0 and C1 controls but not tab, newline or ordinary text', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u001b[31m', 'a\u007fb', 'a\u0085b', 'a\u009fb', 'a\rb', 'a\u000bb']) {
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
    }
    for (const good of ['سماد عضوي', 'a\tb', 'line\nline', 'emoji 🌱', 'a\u200fb', 'a\u202eb', '']) {
      expect(hasControlCharacters(good), JSON.stringify(good)).toBe(false);
    }
  });

  it('every text field of the forms refuses them with the Arabic message', () => {
    const register = {
      phone: '0999000111',
      name: 'سامر',
      type: 2,
      password: 'pass1234',
      password_confirmation: 'pass1234',
    };
    expect(fieldsOf(registerSchema('ar'), { ...register, name: 'سا\u0000مر' })).toEqual({ name: refused });
    expect(
      fieldsOf(registerSchema('ar'), { ...register, password: 'pa\u0000ss', password_confirmation: 'pa\u0000ss' }),
    ).toMatchObject({ password: refused });
    expect(fieldsOf(loginSchema('ar'), { phone: '0999\u0000000111', password: 'pass1234' })).toEqual({
      phone: refused,
    });
    expect(
      fieldsOf(changePasswordSchema('ar'), {
        current_password: 'x\u0007y1',
        password: 'abcd',
        password_confirmation: 'abcd',
      }),
    ).toEqual({ current_password: refused });
    expect(
      fieldsOf(productSchema('ar'), { name: 'بذور', type: 0, price: 1, is_special: false, description: 'a\u0000' }),
    ).toEqual({ description: refused });
    expect(fieldsOf(postSchema('ar'), { title: 'عنوان\u0085', description: 'نص' })).toEqual({ title: refused });
    expect(fieldsOf(storeSchema('ar'), { city: 1, address: 'حي\u001f', name_store: 'صيدلية', type: 0 })).toEqual({
      address: refused,
    });
    expect(fieldsOf(messageCreateSchema('ar'), { conversation_id: 1, message: 'hi\u0000', client_id: 'c1' })).toEqual({
      message: refused,
    });
    expect(fieldsOf(messageCreateSchema('ar'), { conversation_id: 1, message: 'hi', client_id: 'c\u00001' })).toEqual({
      client_id: refused,
    });
    expect(fieldsOf(userUpdateSchema('en'), { name: 'a\u0000' })).toEqual({
      name: validationMessages.en.controlCharacters,
    });
  });

  it('keeps tab and newline; CRLF (a textarea posted as a form) becomes LF, a lone CR is refused', () => {
    const product = productSchema('ar').validateSync({
      name: 'بذور',
      type: 0,
      price: 1,
      is_special: false,
      description: 'سطر\r\nسطر\tثان',
    });
    expect(product.description).toBe('سطر\nسطر\tثان');
    expect(
      fieldsOf(productSchema('ar'), { name: 'بذور', type: 0, price: 1, is_special: false, description: 'a\rb' }),
    ).toEqual({ description: refused });
  });
});

describe('bidi controls', () => {
  it('are removed from names and titles, kept in messages', () => {
    expect(stripBidiControls('\u202eabc\u202c \u2066x\u2069')).toBe('abc x');
    const spoof = 'متجر\u202Eلاعب';
    expect(
      registerSchema('ar').validateSync({
        phone: '0999000111',
        name: spoof,
        type: 2,
        password: 'pass1234',
        password_confirmation: 'pass1234',
      }).name,
    ).toBe('متجرلاعب');
    expect(userUpdateSchema('ar').validateSync({ name: '\u202Bسامر\u202C' }).name).toBe('سامر');
    expect(
      storeSchema('ar').validateSync({ city: 1, address: 'حي', name_store: '\u2067صيدلية\u2069', type: 0 }).name_store,
    ).toBe('صيدلية');
    expect(productSchema('ar').validateSync({ name: 'بذ\u202Dور', type: 0, price: 1, is_special: false }).name).toBe(
      'بذور',
    );
    expect(postSchema('ar').validateSync({ title: 'عنوان\u202A', description: 'نص' }).title).toBe('عنوان');
    // a message keeps what the writer typed (rendered with dir="auto")
    expect(
      messageCreateSchema('ar').validateSync({ conversation_id: 1, message: 'abc \u2067مرحبا\u2069' }).message,
    ).toBe('abc \u2067مرحبا\u2069');
  });

  it('a name made only of bidi controls is empty, so required', () => {
    expect(fieldsOf(storeSchema('ar'), { city: 1, address: 'حي', name_store: '\u202E\u202C', type: 0 })).toEqual({
      name_store: validationMessages.ar.required,
    });
  });
});
