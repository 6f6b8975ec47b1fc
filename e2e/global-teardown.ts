import { existsSync, readFileSync, rmSync } from 'node:fs';
import { SERVER_FILE } from './tests/support/server-file';

/** Stops the server global-setup.ts started (by its pid) and removes its temporary data. */
export default async function globalTeardown(): Promise<void> {
  if (!existsSync(SERVER_FILE)) return;
  const { pid, tmp } = JSON.parse(readFileSync(SERVER_FILE, 'utf8')) as { pid: number; tmp: string };
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
  rmSync(SERVER_FILE, { force: true });
  rmSync(tmp, { recursive: true, force: true });
}
