// Preloaded into the benchmarked relay (node --expose-gc --import): on SIGUSR2, two full garbage
// collections, then process.memoryUsage() is written to BENCH_MEM_FILE for the benchmark to read.
import { writeFileSync } from 'node:fs';

process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  const file = process.env.BENCH_MEM_FILE;
  try {
    if (file)
      writeFileSync(file, JSON.stringify({ gc: typeof globalThis.gc === 'function', ...process.memoryUsage() }));
  } catch (err) {
    // out of open files (reading /proc needs one): the benchmark reports no figure, the relay lives on
    console.error(`gc-hook: ${err.message}`);
  }
});
