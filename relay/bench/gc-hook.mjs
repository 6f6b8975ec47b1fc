// Preloaded into the benchmarked relay (node --expose-gc --import): on SIGUSR2, two full garbage
// collections, then the heap in use is written to BENCH_MEM_FILE (with a sequence number) for the
// benchmark, which reads the relay's RSS itself from /proc. The file is opened once, at start, and
// nothing here needs a new file descriptor: a relay holding sockets up to its open-files limit
// still answers (process.memoryUsage() would open /proc/self/stat and fail with EMFILE).
import { ftruncateSync, openSync, writeSync } from 'node:fs';
import v8 from 'node:v8';

const file = process.env.BENCH_MEM_FILE;
const fd = file ? openSync(file, 'w') : null;
let seq = 0;

process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  if (fd === null) return;
  const heap = v8.getHeapStatistics();
  const text = JSON.stringify({ seq: ++seq, gc: typeof globalThis.gc === 'function', heapUsed: heap.used_heap_size });
  try {
    ftruncateSync(fd, 0);
    writeSync(fd, text, 0);
  } catch (err) {
    console.error(`gc-hook: ${err.message}`);
  }
});
