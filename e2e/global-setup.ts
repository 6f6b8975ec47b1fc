/**
 * Starts the built product (server/dist/index.js), one for each Playwright worker, each on a free
 * 127.0.0.1 port with a fresh SQLite database (demo data) and storage directory of its own, waits for
 * their /api/health, and leaves their URLs in the environment (AGRIVET_E2E_SERVER). A worker's tests use
 * its own server (tests/support/fixtures.ts serverInfo), so specs running at the same time never see
 * each other's accounts, chats or orders. Builds nothing: run `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { freePort } from '../scripts/lib/ports.mjs';
import { E2E_SUPPORT_PHONE, SERVER_ENV } from './tests/support/server-env';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function waitForHealth(url: string, child: { exitCode: number | null }, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url}/api/health did not answer within ${timeoutMs} ms`);
}

/** One product server with a database and storage directory of its own. */
async function startServer(entry: string): Promise<{ url: string; pid: number | undefined; tmp: string }> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'agrivet-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(tmp, 'e2e.db')}`,
      STORAGE_DIR: path.join(tmp, 'storage'),
      SUPPORT_PHONE: E2E_SUPPORT_PHONE,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // Every spec registers its own accounts, all from 127.0.0.1: the per-address sign-up limit (20 an hour,
      // refused ones too) would refuse the suite's later accounts. No spec tests a rate limit (the API tests do).
      RATE_LIMITS: 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(url, child);
  return { url, pid: child.pid, tmp };
}

export default async function globalSetup(config: FullConfig): Promise<void> {
  const entry = path.join(root, 'server', 'dist', 'index.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  if (!existsSync(path.join(root, 'client', 'dist', 'index.html')))
    throw new Error('client/dist is missing: run `npm run build`');
  const servers = await Promise.all(Array.from({ length: Math.max(1, config.workers) }, () => startServer(entry)));
  // Workers inherit the environment global setup leaves behind (one run never sees another's servers).
  process.env[SERVER_ENV] = JSON.stringify(servers);
}
