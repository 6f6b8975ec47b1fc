/** `npm run start:api`: the API alone on PORT, with a graceful shutdown on SIGTERM / SIGINT. */
import { createServer } from 'node:http';
import { type HttpServerTimeouts, httpServerTimeouts } from '@agrivet/shared';
import { createApi } from './app';
import { answerClientErrors } from './http/client-errors';
import { ConfigError, loadConfig } from './config';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  let timeouts: HttpServerTimeouts;
  try {
    config = loadConfig();
    timeouts = httpServerTimeouts(process.env);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof RangeError) {
      console.error(`agrivet api: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  const api = await createApi(config);
  // slow or silent clients get 408 and are closed (headers 20 s, whole request 120 s, idle keep-alive 65 s)
  const server = createServer(timeouts, api.app);
  answerClientErrors(server);
  server.listen(config.port, () => api.logger.info(`agrivet api listening on :${config.port}`));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    api.logger.info(`${signal}: finishing in-flight requests`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await api.close();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
