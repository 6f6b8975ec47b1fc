/**
 * `npm start`: listens on PORT (8080; HOST optional) with the API, the relay and the built client (start.ts).
 * Ctrl-C / SIGTERM: the relay lets forwards in flight finish, then the server stops and the
 * database closes; a bad setting exits with code 2.
 */
import { ConfigError } from '@agrivet/api';
import { startServer } from './start';

async function main(): Promise<void> {
  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    // HOST (optional): the interface to bind, e.g. 127.0.0.1; default all of them.
    running = await startServer({ host: process.env.HOST || undefined });
  } catch (err) {
    if (err instanceof ConfigError || err instanceof RangeError) {
      console.error(`agrivet: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  console.log(`agrivet is running: http://localhost:${running.port}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping agrivet …`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    running.close().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
