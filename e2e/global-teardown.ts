import { rmSync } from 'node:fs';
import { SERVER_ENV } from './tests/support/server-env';

/** Stops the servers global-setup.ts started (by their pids) and removes their temporary data. */
export default async function globalTeardown(): Promise<void> {
  const raw = process.env[SERVER_ENV];
  if (!raw) return;
  const servers = JSON.parse(raw) as { pid: number; tmp: string }[];
  await Promise.all(servers.map(stop));
}

async function stop({ pid, tmp }: { pid: number; tmp: string }): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
  for (let i = 0; i < 50; i++) {
    try {
      process.kill(pid, 0);
      await new Promise((r) => setTimeout(r, 100));
    } catch {
      break;
    }
  }
  rmSync(tmp, { recursive: true, force: true });
}
