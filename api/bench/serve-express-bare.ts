/**
 * Child process of the benchmark: Express 5 with one route answering the same fixed bytes — the
 * ceiling of any Express API on this machine (no middleware, no database).
 */
import { readFileSync } from 'node:fs';
import express from 'express';

const body = readFileSync(process.env.BENCH_BODY_FILE as string);
const app = express();
app.get('/', (_req, res) => {
  res.type('application/json; charset=utf-8').send(body);
});
const server = app.listen(Number(process.env.BENCH_PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
