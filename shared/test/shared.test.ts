import { describe, expect, it } from 'vitest';
import {
  formatCents,
  loginSchema,
  normalizeArabic,
  orderCreateSchema,
  orderRateSchema,
  parseCents,
  productSchema,
  PROVINCES,
  provinceName,
  registerSchema,
  storeTypeRoutes,
  toLatinDigits,
  validationErrorFields,
} from '../src';

const delivery = { province: 1, address: 'دمشق، المزة', phone: '0944444444' };

async function fieldsOf(p: Promise<unknown>): Promise<Record<string, string>> {
  try {
    await p;
    return {};
  } catch (e) {
    return validationErrorFields(e);
  }
}

describe('normalizeArabic (CONTRACT.md §6)', () => {
  it('treats alef forms, taa marbuta, alef maqsura, hamza carriers as one letter', () => {
    expect(normalizeArabic('أإآا')).toBe('اااا');
    expect(normalizeArabic('مدرسة')).toBe(normalizeArabic('مدرسه'));
    expect(normalizeArabic('مشفى')).toBe(normalizeArabic('مشفي'));
    expect(normalizeArabic('مؤمن')).toBe('مومن');
    expect(normalizeArabic('بئر')).toBe('بير');
  });
  it('drops tashkeel and tatweel, folds case and digits', () => {
    expect(normalizeArabic('سَمَادٌ')).toBe('سماد');
    expect(normalizeArabic('سـمـاد')).toBe('سماد');
    expect(normalizeArabic('NPK ٢٠')).toBe('npk 20');
    expect(normalizeArabic('  بذور   قمح ')).toBe('بذور قمح');
  });
  it('converts Arabic-Indic digits', () => {
    expect(toLatinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toLatinDigits('۱۲')).toBe('12');
  });
});

describe('money', () => {
  it('formats integer cents with 2 decimals', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(1250)).toBe('12.50');
    expect(formatCents(100000)).toBe('1000.00');
  });
  it('parses prices into cents, refusing junk', () => {
    expect(parseCents('12.5')).toBe(1250);
    expect(parseCents('١٢٫٥')).toBe(1250);
    expect(parseCents(0.1 + 0.2)).toBe(30);
    expect(parseCents(3)).toBe(300);
    expect(parseCents('-1')).toBeNull();
    expect(parseCents('1.234')).toBeNull();
    expect(parseCents('abc')).toBeNull();
    expect(parseCents(Number.NaN)).toBeNull();
    expect(parseCents({})).toBeNull();
  });
});

describe('provinces and enums', () => {
  it('has the 12 provinces of SPEC.md §3', () => {
    expect(PROVINCES).toHaveLength(12);
    expect(provinceName(1)).toBe('دمشق');
    expect(provinceName(12, 'en')).toBe('Homs');
    expect(provinceName(99)).toBe('');
  });
  it('maps store types to their browse routes', () => {
    expect(storeTypeRoutes).toEqual({ 0: '/leaf', 1: '/bone', 3: '/farm' });
  });
});

describe('schemas (SPEC.md §5)', () => {
  it('login: English messages verbatim', async () => {
    const f = await fieldsOf(loginSchema('en').validate({ phone: '', password: 'abc' }, { abortEarly: false }));
    expect(f).toEqual({ phone: 'Required', password: 'Too Short! At least 4 characters' });
    const g = await fieldsOf(
      loginSchema('en').validate({ phone: '1', password: 'x'.repeat(51) }, { abortEarly: false }),
    );
    expect(g).toEqual({ password: 'Too Long!' });
  });
  it('register: passwords must match, type 1/2/3 only, Arabic by default', async () => {
    const f = await fieldsOf(
      registerSchema('en').validate(
        { phone: '0999999999', name: 'x', type: 1, password: 'abcd', password_confirmation: 'abce' },
        { abortEarly: false },
      ),
    );
    expect(f).toEqual({ password_confirmation: 'Passwords must match' });
    const g = await fieldsOf(
      registerSchema().validate(
        { phone: '0999999999', name: 'x', type: 0, password: 'abcd', password_confirmation: 'abcd' },
        { abortEarly: false },
      ),
    );
    expect(g.type).toBe('قيمة غير صالحة');
  });
  it('register accepts Arabic-Indic phone digits and casts the type', async () => {
    const v = await registerSchema().validate({
      phone: '٠٩٩٩ ١٢٣ ٤٥٦',
      name: ' أحمد ',
      type: '2',
      password: 'abcd',
      password_confirmation: 'abcd',
    });
    expect(v.phone).toBe('0999123456');
    expect(v.name).toBe('أحمد');
    expect(v.type).toBe(2);
  });
  it('product: price must be a number ≥ 0', async () => {
    const base = { name: 'سماد', type: 3, is_special: false };
    expect(await fieldsOf(productSchema('en').validate({ ...base, price: 'abc' }))).toEqual({
      price: 'Must be a number',
    });
    expect((await fieldsOf(productSchema('en').validate({ ...base, price: -1 }))).price).toBeTruthy();
    const ok = await productSchema().validate({ ...base, price: '١٢٫٥', is_special: '1' });
    expect(ok.price).toBe(12.5);
    expect(ok.is_special).toBe(true);
  });
  it('order: at least one item, quantity ≥ 1', async () => {
    const f = await fieldsOf(
      orderCreateSchema('en').validate(
        { store_id: 1, total: 1, items: [{ product_id: 1, quantity: 0 }] },
        { abortEarly: false },
      ),
    );
    expect(f['items[0].quantity']).toBe('Quantity must be at least 1');
    const g = await fieldsOf(orderCreateSchema('en').validate({ store_id: 1, total: 1, items: [], delivery }));
    expect(g.items).toBe('Add at least one product');
  });
  it('order: delivery required, Arabic-Indic and Persian digits in province and phone', async () => {
    const base = { store_id: 1, total: 1, items: [{ product_id: 1, quantity: 1 }] };
    expect(await fieldsOf(orderCreateSchema('en').validate(base))).toEqual({
      delivery: 'Enter the delivery address and phone',
    });
    expect(await fieldsOf(orderCreateSchema('en').validate({ ...base, delivery: {} }, { abortEarly: false }))).toEqual({
      'delivery.province': 'Required',
      'delivery.address': 'Required',
      'delivery.phone': 'Required',
    });
    const bad = await fieldsOf(
      orderCreateSchema('en').validate(
        { ...base, delivery: { province: 13, address: { a: 1 }, phone: '12', note: 'n'.repeat(501) } },
        { abortEarly: false },
      ),
    );
    expect(bad).toEqual({
      'delivery.province': 'Invalid province',
      'delivery.address': 'Invalid value',
      'delivery.phone': 'Invalid phone number',
      'delivery.note': 'Text is too long',
    });
    const ok = await orderCreateSchema().validate({
      ...base,
      delivery: { province: '١٢', address: ' حمص، الوعر ', phone: '۰۹۴۴ ۴۴۴-۴۴۴', note: '' },
    });
    expect(ok.delivery).toEqual({ province: 12, address: 'حمص، الوعر', phone: '0944444444', note: '' });
  });
  it('order rating: a whole number 1-5 (Arabic-Indic digits too), comment length-limited', async () => {
    expect((await orderRateSchema().validate({ rating: '٥' })).rating).toBe(5);
    for (const rating of [0, 6, 4.5, 'abc', undefined]) {
      expect((await fieldsOf(orderRateSchema('en').validate({ rating }))).rating).toBeTruthy();
    }
    const long = await fieldsOf(orderRateSchema('en').validate({ rating: 3, comment: 'x'.repeat(1001) }));
    expect(long).toEqual({ comment: 'Text is too long' });
  });
});

describe('ids', () => {
  it('refuses ids beyond the 32-bit integer columns', async () => {
    const f = await fieldsOf(
      orderCreateSchema('en').validate({
        store_id: 2_147_483_648,
        total: 1,
        items: [{ product_id: 1, quantity: 1 }],
        delivery,
      }),
    );
    expect(f.store_id).toBe('Invalid id');
  });
});
