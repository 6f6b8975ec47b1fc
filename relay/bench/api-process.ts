/** Child process of the relay benchmark: the API alone on BENCH_PORT over a new SQLite file with the demo data. */
import { createServer } from 'node:http';
import { createApi, loadConfig } from '@agrivet/api';
import { pino } from 'pino';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const api = await createApi(config, { logger: pino({ level: 'silent' }) });
const server = createServer(api.app);
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.BENCH_PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => {
  server.close(() => void api.close().then(() => process.exit(0)));
  server.closeAllConnections();
});
