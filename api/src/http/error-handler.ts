/**
 * The last middleware: HttpErrors become their envelope; body-parser errors become 422 (malformed
 * JSON, bad charset, aborted body: CONTRACT.md §3 has no 400) or 413 (too large); anything else is logged and answered 500 'internal' without details.
 */
import { type ApiFailure, apiMessages } from '@agrivet/shared';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type {} from 'pino-http';
import { failure } from './envelope';
import { BODY_TOO_LARGE, HttpError, malformedBody } from './errors';

interface StatusError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json(failure(404, apiMessages.ar.routeNotFound));
};

/** The status and envelope answering `err` (Express's errorHandler and the lean lane share it). */
export function errorAnswer(err: unknown, log: Logger | undefined): { status: number; body: ApiFailure } {
  if (err instanceof HttpError) return { status: err.status, body: failure(err.status, err.message, err.fields) };
  const status = (err as StatusError)?.status ?? (err as StatusError)?.statusCode;
  if (status === 413 || (err as StatusError)?.type === 'entity.too.large') {
    return { status: 413, body: failure(413, BODY_TOO_LARGE) };
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // body-parser: malformed JSON, bad charset, aborted request … (invalid input: 422)
    const malformed = malformedBody();
    return { status: malformed.status, body: failure(malformed.status, malformed.message) };
  }
  log?.error({ err }, 'unhandled error');
  return { status: 500, body: failure(500, apiMessages.ar.internal) };
}

export const errorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) {
    next(err);
    return;
  }
  const answer = errorAnswer(err, req.log);
  res.status(answer.status).json(answer.body);
};
