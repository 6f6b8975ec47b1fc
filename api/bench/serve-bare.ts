/** Child process of the benchmark: a bare node:http server answering fixed bytes (the ceiling). */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.env.BENCH_BODY_FILE as string);
const server = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
});
server.listen(Number(process.env.BENCH_PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
