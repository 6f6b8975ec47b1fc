import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApi } from './helpers/test-api';

// The demo data: pages of stores and products well over 1 KB.
const t = useTestApi({ seedDemo: true });

describe('compressed answers (weak rural links)', () => {
  it('a JSON answer over 1 KB is gzip-compressed when the client accepts it, and still decodes', async () => {
    const res = await request(t.app).get('/api/product/getAll?per_page=50').set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body).length).toBeGreaterThan(1024);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.body.data.data.length).toBeGreaterThan(0);
  });

  it('small answers and clients without Accept-Encoding get plain JSON', async () => {
    const small = await request(t.app).get('/api/health').set('Accept-Encoding', 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    const plain = await request(t.app).get('/api/product/getAll?per_page=50').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.status).toBe(200);
  });
});
