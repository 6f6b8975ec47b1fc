/**
 * The last middleware: HttpErrors become their envelope (with `Retry-After` when they carry one);
 * body-parser errors become 422 `validation_failed` (malformed JSON, bad charset, aborted body:
 * CONTRACT.md §3 has no 400) or 413 `too_large`; anything else is logged and answered 500
 * `internal` without details. Every error answer is `Cache-Control: no-store` without an ETag (a
 * browse call's validator belongs to its 200 answer only).
 */
import { apiMessages } from '@agrivet/shared';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type {} from 'pino-http';
import { failure } from './envelope';
import { bodyTooLarge, HttpError, malformedBody, notFound } from './errors';

interface StatusError {
  status?: number;
  statusCode?: number;
  type?: string;
}

function send(res: Response, err: HttpError): void {
  res.removeHeader('ETag');
  res.setHeader('Cache-Control', 'no-store');
  if (err.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(err.retryAfterSeconds));
  res.status(err.status).json(failure(err.status, err.message, err.fields, err.code));
}

/** Any /api path no route answers: 404 `not_found` 'المسار غير موجود'. */
export const apiNotFound: RequestHandler = (_req, res) => {
  send(res, notFound('routeNotFound'));
};

/** The HttpError answering `err`: itself, a body-parser error's 413 / 422, else 500 `internal` (logged). */
export function asHttpError(err: unknown, log: Logger | undefined): HttpError {
  if (err instanceof HttpError) return err;
  const status = (err as StatusError)?.status ?? (err as StatusError)?.statusCode;
  if (status === 413 || (err as StatusError)?.type === 'entity.too.large') return bodyTooLarge();
  // body-parser: malformed JSON, bad charset, aborted request … (invalid input: 422)
  if (typeof status === 'number' && status >= 400 && status < 500) return malformedBody();
  log?.error({ err }, 'unhandled error');
  return new HttpError(500, apiMessages.ar.internal, undefined, 'internal');
}

export const errorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) {
    next(err);
    return;
  }
  send(res, asHttpError(err, req.log));
};
