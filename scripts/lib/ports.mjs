import net from 'node:net';

/** Ports this process handed out: servers started side by side (e2e's one per worker) never get the same one. */
const given = new Set();

/**
 * A free TCP port on 127.0.0.1, for a server another process will start on it. Taken below the kernel's
 * ephemeral range (32768–60999 on Linux): a port asked of the kernel (port 0) comes from that range and
 * is handed out again as soon as it is closed, so a supertest server or an outgoing connection elsewhere
 * could take it before that process listens — and a health check would then reach the wrong server (seen
 * in api/test/main.test.ts beside the other vitest worker). Random ports of 20000–32767, checked free, and
 * never the same one twice in a process (two servers started at once each get their own).
 */
export async function freePort() {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12768);
    if (given.has(port)) continue;
    given.add(port); // before the check: a concurrent call must not pick it while this one checks
    if (await canListen(port)) return port;
    given.delete(port);
  }
  throw new Error('no free port found in 20000–32767');
}

function canListen(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** Resolves once something accepts connections on 127.0.0.1:port (or rejects after timeoutMs). */
export async function waitForPort(port, timeoutMs = 20000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
}
