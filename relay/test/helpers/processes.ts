/**
 * Real processes and real network faults for tests: a throwaway redis-server, the standalone relay
 * (src/main.ts) as a child process that can be SIGKILLed, and a TCP proxy whose connections can be
 * cut to simulate a dropped network link.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface ScriptsLib {
  startRedis(): Promise<{ url: string; port: number; stop(): Promise<void> }>;
  freePort(): Promise<number>;
}

async function lib<K extends keyof ScriptsLib>(file: string, name: K): Promise<ScriptsLib[K]> {
  const mod = (await import(pathToFileURL(path.join(repoRoot, 'scripts/lib', file)).href)) as ScriptsLib;
  return mod[name];
}

export const startRedis = async () => (await lib('redis.mjs', 'startRedis'))();
export const freePort = async () => (await lib('ports.mjs', 'freePort'))();

async function waitForHealth(port: number, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`relay on ${port} did not become healthy`);
}

/** The standalone relay (`src/main.ts` through tsx) on a fixed port, killable without warning. */
export class RelayProcess {
  private child: ChildProcess | null = null;
  constructor(
    readonly port: number,
    private readonly apiUrl: string,
    /** The Redis both it and the API use: the API's events reach it there. */
    private readonly redisUrl: string,
  ) {}

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'relay/src/main.ts')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(this.port),
        API_URL: this.apiUrl,
        REDIS_URL: this.redisUrl,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.child = child;
    await waitForHealth(this.port);
  }

  /** SIGKILL: no graceful shutdown, forwards in flight are lost mid-way. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
}

/** A TCP proxy in front of a port; cut() drops every connection through it (both ends see a reset). */
export class CuttableProxy {
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private server: net.Server | null = null;
  port = 0;

  constructor(private readonly targetPort: number) {}

  async start(): Promise<void> {
    this.server = net.createServer((inbound) => {
      const outbound = net.connect(this.targetPort, '127.0.0.1');
      const pair: [net.Socket, net.Socket] = [inbound, outbound];
      this.pairs.add(pair);
      const end = () => {
        this.pairs.delete(pair);
        inbound.destroy();
        outbound.destroy();
      };
      for (const s of pair) {
        s.on('error', end);
        s.on('close', end);
      }
      inbound.pipe(outbound);
      outbound.pipe(inbound);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  cut(): void {
    for (const [a, b] of this.pairs) {
      a.destroy();
      b.destroy();
    }
    this.pairs.clear();
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
