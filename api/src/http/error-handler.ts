/**
 * The last middleware: HttpErrors become their envelope; body-parser errors become 422 (malformed
 * JSON, bad charset, aborted body: CONTRACT.md §3 has no 400) or 413 (too large); anything else is logged and answered 500 'internal' without details.
 */
import { apiMessages } from '@agrivet/shared';
import type { ErrorRequestHandler, RequestHandler } from 'express';
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

export const errorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) {
    next(err);
    return;
  }
  if (err instanceof HttpError) {
    res.status(err.status).json(failure(err.status, err.message, err.fields));
    return;
  }
  const status = (err as StatusError)?.status ?? (err as StatusError)?.statusCode;
  if (status === 413 || (err as StatusError)?.type === 'entity.too.large') {
    res.status(413).json(failure(413, BODY_TOO_LARGE));
    return;
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // body-parser: malformed JSON, bad charset, aborted request … (invalid input: 422)
    const malformed = malformedBody();
    res.status(malformed.status).json(failure(malformed.status, malformed.message));
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  res.status(500).json(failure(500, apiMessages.ar.internal));
};
