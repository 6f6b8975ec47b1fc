/** `npm run start:api` in a real process: listens on PORT, answers, and stops cleanly on SIGTERM. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/ports';
import { silentConnection, trickleBody } from './helpers/slow-client';

const here = path.dirname(fileURLToPath(import.meta.url));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'agrivet-main-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function waitForHealth(url: string, timeoutMs = 20_000): Promise<Response> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url);
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describe('api/src/main.ts', () => {
  it('serves on PORT and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../src/main.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: `sqlite:${path.join(tmp, 'main.db')}`,
        STORAGE_DIR: path.join(tmp, 'storage'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const res = await waitForHealth(`http://127.0.0.1:${port}/api/health`);
    expect(await res.json()).toEqual({ status: 200, data: { db: 'ok' } });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses a bad configuration with a clear message and exit code 2', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../src/main.ts')], {
      env: { ...process.env, PORT: 'not-a-port' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (d) => {
      stderr += String(d);
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(stderr).toContain('PORT must be a port number');
  });

  it('closes slow and silent clients with its HTTP timeouts (HTTP_*_TIMEOUT_MS), refuses a bad one', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../src/main.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: `sqlite:${path.join(tmp, 'timeouts.db')}`,
        STORAGE_DIR: path.join(tmp, 'storage-timeouts'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        HTTP_HEADERS_TIMEOUT_MS: '300',
        HTTP_REQUEST_TIMEOUT_MS: '600',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await waitForHealth(`http://127.0.0.1:${port}/api/health`);
      expect(await silentConnection(port)).toMatch(/^HTTP\/1\.1 408 /);
      const cut = await trickleBody(port, '/api/auth/login', 2_000, 20);
      expect(cut.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(cut.sent).toBeLessThan(2_000);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);

    const bad = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../src/main.ts')], {
      env: { ...process.env, PORT: '0', HTTP_REQUEST_TIMEOUT_MS: 'soon' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    bad.stderr?.on('data', (d) => {
      stderr += String(d);
    });
    expect(await new Promise<number | null>((resolve) => bad.once('exit', (c) => resolve(c)))).toBe(2);
    expect(stderr).toContain('HTTP_REQUEST_TIMEOUT_MS');
  });
});
