/**
 * Child process of the relay benchmark: opens and holds idle authenticated sockets (raw socket.io,
 * lib.ts `openRaw`), so that 20,000 client sockets are spread over several processes (each process
 * has its own file-descriptor limit).
 *   IPC in:  { type: 'open', port, tokens } · { type: 'close' }
 *   IPC out: { type: 'opened', count }
 */
import type WebSocket from 'ws';
import { openRaw } from './lib';

let held: WebSocket[] = [];
process.on('message', async (m: { type: string; port?: number; tokens?: string[] }) => {
  if (m.type === 'open' && m.port && m.tokens) {
    held = await openRaw(m.port, m.tokens, m.tokens.length, 50);
    process.send?.({ type: 'opened', count: held.length });
  } else if (m.type === 'close') {
    for (const ws of held) ws.terminate();
    held = [];
    process.exit(0);
  }
});
process.send?.({ type: 'ready' });
