import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

describe('GET /api/health', () => {
  it('answers db ok in the envelope', async () => {
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, data: { db: 'ok' } });
  });

  it('answers unknown /api routes with a 404 envelope in Arabic', async () => {
    const res = await request(t.app).get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 404, error: { code: 'not_found', message: 'المسار غير موجود' } });
  });

  it('turns malformed JSON into 422 (the contract has no 400), not 500', async () => {
    const res = await request(t.app).post('/api/auth/login').set('Content-Type', 'application/json').send('{"phone": ');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ status: 422, error: { code: 'validation_failed', message: 'صيغة الطلب غير صالحة' } });
  });
});
