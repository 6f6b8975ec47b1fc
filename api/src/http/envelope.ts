/** The success envelope of CONTRACT.md §3. */
import { type ApiFailure, type ApiSuccess, type ErrorCode, errorCodeForStatus } from '@agrivet/shared';
import type { Response } from 'express';

export const ok = <T>(data: T): ApiSuccess<T> => ({ status: 200, data });

/** Sends `{status: 200, data}`. */
export function sendOk<T>(res: Response, data: T): void {
  res.status(200).json(ok(data));
}

export function failure(
  status: number,
  message: string,
  fields?: Record<string, string>,
  code: ErrorCode = errorCodeForStatus(status),
): ApiFailure {
  return fields ? { status, error: { code, message, fields } } : { status, error: { code, message } };
}
