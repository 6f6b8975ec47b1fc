/**
 * An API over a fresh database per test file: a SQLite file in a temporary folder, or — when
 * TEST_DATABASE_URL_BASE is set (scripts/test-pg.mjs) — a fresh PostgreSQL database on that cluster.
 * Its files go to a temporary folder, or — in the `api-s3` project (TEST_STORAGE=s3, vitest.s3.config.ts)
 * — to a fresh bucket of the run's s3rver: the same tests on both backends. Tests look at stored files
 * through `t.storage` (exists, read, list), never at a folder.
 *   const t = useTestApi();           // in a describe / at the top of a test file
 *   await request(t.app).get('/api/health')
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Api, createApi } from '../../src/app';
import type { Config, DatabaseConfig } from '../../src/config';
import { Factories, TEST_PASSWORD_COST } from './factories';
import { freshBucket } from './s3-server';

/** The storage backend of this run: 'folder', or 's3' in the api-s3 project. */
export const testStorage = (): 'folder' | 's3' => (process.env.TEST_STORAGE === 's3' ? 's3' : 'folder');

export interface TestApi extends Api {
  config: Config;
  tmpDir: string;
  make: Factories;
}

async function freshPostgresDatabase(base: string): Promise<DatabaseConfig> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${base.replace(/\/+$/, '')}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return { kind: 'postgres', url: `${base.replace(/\/+$/, '')}/${name}` };
}

export async function createTestApi(overrides: Partial<Config> = {}): Promise<TestApi> {
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-api-test-'));
  const base = process.env.TEST_DATABASE_URL_BASE;
  const database: DatabaseConfig = base
    ? await freshPostgresDatabase(base)
    : { kind: 'sqlite', file: path.join(tmpDir, 'test.db') };
  const config: Config = {
    port: 0,
    database,
    storageDir: path.join(tmpDir, 'storage'),
    adminPhone: '0900000000',
    adminPassword: 'admin1234',
    supportPhone: '+963900000000',
    logLevel: 'silent',
    trustProxy: false,
    seedDemo: false,
    // the tests create thousands of accounts: a cheap scrypt cost (the product's is 16384)
    passwordCost: TEST_PASSWORD_COST,
    s3: testStorage() === 's3' ? await freshBucket(inject('s3Endpoint'), `t-${randomBytes(8).toString('hex')}`) : null,
    ...overrides,
  };
  const api = await createApi(config, { logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) });
  const close = api.close;
  return {
    ...api,
    config,
    tmpDir,
    make: new Factories(api.db),
    close: async () => {
      await close();
      rmSync(tmpDir, { recursive: true, force: true });
    },
  };
}

/** Builds one API for the current test file (beforeAll) and closes it afterwards. */
export function useTestApi(overrides: Partial<Config> = {}): TestApi {
  const holder = {} as { api?: TestApi };
  beforeAll(async () => {
    holder.api = await createTestApi(overrides);
  });
  afterAll(async () => {
    await holder.api?.close();
  });
  return new Proxy({} as TestApi, {
    get(_target, prop) {
      if (!holder.api) throw new Error('the test API is only available inside tests (after beforeAll)');
      return Reflect.get(holder.api, prop);
    },
  });
}
