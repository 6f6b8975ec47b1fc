import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, findRepoRoot, loadConfig } from '../src/config';

const root = '/srv/agrivet';

describe('loadConfig', () => {
  it('defaults to port 8080, SQLite under data/ and storage under data/storage of the repo root', () => {
    const c = loadConfig({}, root);
    expect(c).toMatchObject({
      port: 8080,
      database: { kind: 'sqlite', file: path.join(root, 'data', 'agrivet.db') },
      storageDir: path.join(root, 'data', 'storage'),
      adminPhone: '0900000000',
      adminPassword: 'admin1234',
      logLevel: 'info',
      trustProxy: false,
      seedDemo: true,
    });
  });

  it("PASSWORD_COST sets scrypt's cost for new hashes: a power of two from 1024; unset, the product's own", async () => {
    expect(loadConfig({}, root).passwordCost).toBeUndefined();
    expect(loadConfig({ PASSWORD_COST: '1024' }, root).passwordCost).toBe(1024);
    for (const bad of ['1000', '512', 'abc', '2097152']) {
      expect(() => loadConfig({ PASSWORD_COST: bad }, root)).toThrow(/PASSWORD_COST/);
    }
    const { hashPassword, verifyPassword } = await import('../src/auth/passwords');
    const cheap = await hashPassword('secret123', 1024);
    expect(cheap.split('$')[1]).toBe('1024');
    expect((await hashPassword('secret123')).split('$')[1]).toBe('16384');
    expect(await verifyPassword('secret123', cheap)).toBe(true);
    expect(await verifyPassword('secret124', cheap)).toBe(false);
  });

  it('reads sqlite: and postgres:// URLs, relative paths from the repo root', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.db' }, root).database).toEqual({
      kind: 'sqlite',
      file: '/tmp/x.db',
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite:db/x.db' }, root).database).toEqual({
      kind: 'sqlite',
      file: path.join(root, 'db/x.db'),
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/d' }, root).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/d',
    });
    expect(loadConfig({ STORAGE_DIR: 'uploads', TRUST_PROXY: '1', PORT: '9000' }, root)).toMatchObject({
      storageDir: path.join(root, 'uploads'),
      trustProxy: 1,
      port: 9000,
    });
  });

  it('S3_BUCKET puts the files in a bucket (path-style with an endpoint); unset, the folder; stray or bad settings refused', () => {
    expect(loadConfig({}, root).s3).toBeNull();
    expect(
      loadConfig(
        {
          S3_BUCKET: 'agrivet-media',
          S3_ENDPOINT: 'http://minio:9000',
          S3_ACCESS_KEY_ID: 'agrivet',
          S3_SECRET_ACCESS_KEY: 'secret-key-1',
        },
        root,
      ).s3,
    ).toEqual({
      bucket: 'agrivet-media',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'agrivet',
      secretAccessKey: 'secret-key-1',
      forcePathStyle: true,
    });
    // AWS itself: virtual-hosted names, the region given, the SDK's own credentials (an IAM role …)
    expect(loadConfig({ S3_BUCKET: 'agrivet.media', S3_REGION: 'eu-central-1' }, root).s3).toEqual({
      bucket: 'agrivet.media',
      endpoint: undefined,
      region: 'eu-central-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({ S3_BUCKET: 'b12', S3_ENDPOINT: 'https://s3.example.net', S3_FORCE_PATH_STYLE: 'false' }, root).s3
        ?.forcePathStyle,
    ).toBe(false);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' }, root)).toThrow(/S3_ENDPOINT set without S3_BUCKET/);
    for (const bucket of ['ab', 'Agrivet', 'agrivet_media', '-agrivet', 'a..b', 'x'.repeat(64)]) {
      expect(() => loadConfig({ S3_BUCKET: bucket }, root)).toThrow(/S3_BUCKET/);
    }
    for (const endpoint of ['minio:9000', 'ftp://minio', 'http://minio:9000/?x=1', 'not a url']) {
      expect(() => loadConfig({ S3_BUCKET: 'agrivet', S3_ENDPOINT: endpoint }, root)).toThrow(/S3_ENDPOINT/);
    }
    expect(() => loadConfig({ S3_BUCKET: 'agrivet', S3_ACCESS_KEY_ID: 'only-one' }, root)).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'agrivet', S3_REGION: 'EU Central' }, root)).toThrow(/S3_REGION/);
    expect(() => loadConfig({ S3_BUCKET: 'agrivet', S3_FORCE_PATH_STYLE: 'maybe' }, root)).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });

  it('refuses bad values with a clear error', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, root)).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' }, root)).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' }, root)).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' }, root)).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ ADMIN_PHONE: 'abc' }, root)).toThrow(/ADMIN_PHONE/);
    expect(() => loadConfig({ ADMIN_PHONE: '094400000' }, root)).toThrow(/ADMIN_PHONE/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'x' }, root)).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ SUPPORT_PHONE: '"><script>' }, root)).toThrow(/SUPPORT_PHONE/);
  });

  it('ADMIN_PHONE is stored as every phone is: +963… is 09…', () => {
    expect(loadConfig({ ADMIN_PHONE: '+963 900 000 001' }, root).adminPhone).toBe('0900000001');
    expect(loadConfig({ ADMIN_PHONE: '011 223 3445' }, root).adminPhone).toBe('0112233445');
  });

  it('SUPPORT_PHONE keeps digits and a leading +, without spaces or dashes', () => {
    expect(loadConfig({ SUPPORT_PHONE: '+963 944-123-456' }, root).supportPhone).toBe('+963944123456');
    expect(loadConfig({}, root).supportPhone).toBe('+963900000000');
  });

  it('finds the repository root from its own location, whatever the cwd', () => {
    const found = findRepoRoot();
    expect(path.basename(path.join(found, 'api'))).toBe('api');
    expect(found).toBe(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..'));
  });
});
