import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../src/app';
import { logSink } from './helpers/log-sink';
import { createTestApi, type TestApi } from './helpers/test-api';

describe('request logs', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi();
  });
  afterAll(async () => {
    await t.close();
  });

  it('never contain the bearer token', async () => {
    const sink = logSink();
    // a second app over the same database, logging into memory
    const logged = await createApi(t.config, { logger: pino({ level: 'info' }, sink.stream) });
    try {
      const me = await t.make.loginAs('farmer');
      const res = await request(logged.app).get('/api/auth/user').set(me.auth).set('Cookie', 'session=abc');
      expect(res.status).toBe(200);
      const text = sink.text();
      expect(text).toContain('/api/auth/user');
      expect(text).toContain('[redacted]');
      expect(text).not.toContain(me.token);
      expect(text).not.toContain('session=abc');
    } finally {
      await logged.close();
    }
  });
});
