/**
 * A log destination in memory: `pino({ level: 'info' }, sink.stream)`, then read `sink.lines`
 * (one JSON text per line written) or `sink.text()`.
 */
import { Writable } from 'node:stream';

export function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream, text: () => lines.join('') };
}
