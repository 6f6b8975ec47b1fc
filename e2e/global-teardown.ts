import { rmSync } from 'node:fs';
import { SERVER_ENV } from './tests/support/server-env';

/** Stops the server global-setup.ts started (by its pid) and removes its temporary data. */
export default async function globalTeardown(): Promise<void> {
  const raw = process.env[SERVER_ENV];
  if (!raw) return;
  const { pid, tmp } = JSON.parse(raw) as { pid: number; tmp: string };
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
