#!/usr/bin/env node
// `npm run dev`: the API + relay server (tsx, watch mode) on 8081 or a free port, and Vite with hot
// reload whose proxy (/api, /socket.io, /storage) points at it. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForPort } from './lib/ports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function isFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

const apiPort = (await isFree(8081)) ? 8081 : await freePort();
const children = [];
let stopping = false;

function run(name, cmd, args, env) {
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${name} stopped (${signal ?? code}); stopping everything`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

console.log(`[dev] API + relay on http://127.0.0.1:${apiPort}`);
run('server', process.execPath, ['--import', 'tsx', '--watch', 'server/src/index.ts'], { PORT: String(apiPort) });
await waitForPort(apiPort, 60_000);
run('vite', 'npx', ['vite', '--config', 'client/vite.config.ts', 'client'], {
  API_TARGET: `http://127.0.0.1:${apiPort}`,
});
