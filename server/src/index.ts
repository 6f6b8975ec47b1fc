/**
 * `npm start`: one HTTP server on PORT (8080) with the API (/api, /storage), the relay
 * (/socket.io, forwarding to this same server's API) and the built client. Ctrl-C / SIGTERM:
 * the relay lets forwards in flight finish, then the server stops and the database closes.
 */
import { createServer } from 'node:http';
import { ConfigError, createApi, findRepoRoot, loadConfig } from '@agrivet/api';
import { attachRelay } from '@agrivet/relay';
import { composeApp } from './app';

async function main(): Promise<void> {
  // The relay forwards each client's address in X-Forwarded-For; the API trusts it from loopback only.
  const env = { ...process.env, TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback' };
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`agrivet: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  const api = await createApi(config);
  const server = createServer(composeApp(api, findRepoRoot()));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Attached once listening, so it forwards to the port actually bound (PORT=0 picks one).
  const relay = attachRelay(server, {
    apiUrl: `http://127.0.0.1:${port}/api`,
    redisUrl: process.env.REDIS_URL || undefined,
    logger: api.logger.child({ name: 'relay' }),
  });
  await relay.ready;
  console.log(`agrivet is running: http://localhost:${port}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping agrivet …`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    await relay.close();
    server.close(async () => {
      await api.close();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
