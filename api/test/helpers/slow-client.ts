/**
 * Clients that are slow on purpose, over a raw TCP socket: one that trickles a POST body a byte at a
 * time, one that sends nothing. Each resolves when the server closes the connection, with what the
 * server answered and how much of the body it had been sent by then.
 */
import net from 'node:net';

export interface Cut {
  /** Everything the server wrote before it closed (e.g. "HTTP/1.1 408 Request Timeout…"). */
  answer: string;
  /** Body bytes sent before the server closed. */
  sent: number;
}

/** POSTs `path` announcing `length` body bytes, then sends one byte every `everyMs` until the server closes. */
export function trickleBody(port: number, path: string, length: number, everyMs: number): Promise<Cut> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
      );
      timer = setInterval(() => {
        if (sent >= length) {
          clearInterval(timer);
          reject(new Error(`the whole body (${length} bytes) was sent and the connection is still open`));
          socket.destroy();
          return;
        }
        if (!socket.destroyed && socket.writable) {
          socket.write(sent === 0 ? '{' : ' ');
          sent += 1;
        }
      }, everyMs);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, sent });
    });
  });
}

/** Opens a connection and sends nothing; resolves with what the server wrote when it closes it. */
export function silentConnection(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(answer));
  });
}

/** Sends the request line and then one header line every `everyMs`, never ending the headers. */
export function trickleHeaders(port: number, everyMs: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      let n = 0;
      timer = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(`X-Slow-${n++}: 1\r\n`);
      }, everyMs);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve(answer);
    });
  });
}
