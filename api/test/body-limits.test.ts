/**
 * Oversized request bodies are 413 with a message about the request, not the 5 MB image message
 * (regression: a 300 kB JSON body was answered 'حجم الملف كبير جداً (الحد الأقصى 5 ميغابايت)').
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();
const BODY_TOO_LARGE = { status: 413, error: { code: 'too_large', message: 'حجم الطلب كبير جداً' } };

describe('request body limits', () => {
  it('answers a JSON body over 256 kB with 413 "request too large"', async () => {
    const res = await request(t.app)
      .post('/api/auth/login')
      .send({ phone: '1'.repeat(300_000), password: 'x' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(BODY_TOO_LARGE);
  });

  it('answers a url-encoded body over 256 kB with 413 "request too large"', async () => {
    const res = await request(t.app)
      .post('/api/auth/login')
      .type('form')
      .send(`phone=${'1'.repeat(300_000)}`);
    expect(res.status).toBe(413);
    expect(res.body).toEqual(BODY_TOO_LARGE);
  });

  it('answers an oversized form field with 413 "request too large"', async () => {
    const res = await request(t.app).post('/api/auth/login').field('phone', '1'.repeat(10_000)).field('password', 'x');
    expect(res.status).toBe(413);
    expect(res.body).toEqual(BODY_TOO_LARGE);
  });
});
