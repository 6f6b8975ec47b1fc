/** Child process of the benchmark: the API alone on BENCH_PORT over an already seeded database. */
import { createServer } from 'node:http';
import { createApi } from '../src/app';
import { loadConfig } from '../src/config';

const config = { ...loadConfig(), logLevel: 'silent', seedDemo: false };
const api = await createApi(config);
const server = createServer(api.handler);
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.BENCH_PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => api.close().then(() => process.exit(0))));
