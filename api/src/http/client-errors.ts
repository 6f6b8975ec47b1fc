/**
 * What a client gets when Node refuses its request before Express sees it (`clientError`: no request or
 * response object exists, the answer is written to the socket): the API's envelope in Arabic instead of
 * Node's bare status line — a URL or headers over Node's limit (a search of thousands of letters) is 431
 * `too_large`, a request not received in time 408, an unreadable request 422 `validation_failed`
 * (CONTRACT.md §3 has no 400). Installed on every HTTP server of the product (api/src/main.ts,
 * server/src/start.ts).
 */
import type { Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { apiMessages, type ErrorCode } from '@agrivet/shared';

const ANSWERS: Record<string, [number, ErrorCode, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'too_large', apiMessages.ar.requestTooLong],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'validation_failed', apiMessages.ar.requestTimedOut],
};
const UNREADABLE: [number, ErrorCode, string] = [422, 'validation_failed', apiMessages.ar.badJson];

/** The raw HTTP answer for a refused request (exported for tests). */
export function clientErrorAnswer(code: string | undefined): string {
  const [status, errorCode, message] = (code && ANSWERS[code]) || UNREADABLE;
  const body = JSON.stringify({ status, error: { code: errorCode, message } });
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}

export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // as Node's own handler: nothing to a peer that went away, or on a socket already answered on
    if (err.code === 'ECONNRESET' || !socket.writable || (socket as Socket).bytesWritten > 0) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorAnswer(err.code));
  });
}
