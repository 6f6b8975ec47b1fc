/** server/src/index.ts as `npm start` runs it (from source through tsx): signals and bad settings. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-server-entry-'));
const children: ChildProcess[] = [];

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

it('prints its address, serves, and exits 0 on SIGTERM', async () => {
  const p = run({ PORT: '0', DATABASE_URL: `sqlite:${path.join(dir, 'a.db')}`, STORAGE_DIR: path.join(dir, 's') });
  const end = Date.now() + 30_000;
  let url: string | undefined;
  while (!url && Date.now() < end && p.child.exitCode === null) {
    url = /agrivet is running: (http:\/\/localhost:\d+)/.exec(p.output())?.[1];
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(url, p.output()).toBeDefined();
  const health = await fetch(`${url?.replace('localhost', '127.0.0.1')}/api/health`);
  expect(health.status).toBe(200);
  p.child.kill('SIGTERM');
  expect(await p.exited).toBe(0);
  expect(p.output()).toContain('SIGTERM: stopping agrivet');
});

it('exits 2 with the reason on a bad setting', async () => {
  const p = run({ PORT: 'eighty', DATABASE_URL: `sqlite:${path.join(dir, 'b.db')}` });
  expect(await p.exited).toBe(2);
  expect(p.output()).toMatch(/agrivet: PORT must be a port number/);
});
