/**
 * An API refusal (`{status, error: {code, message, fields?}}`, from axios or through the relay) as an
 * ApiError: the envelope's code (the status's general code when an older server or a proxy sent none),
 * the message and field messages in the UI language (i18n/contract-messages.ts).
 */
import { errorCodeForStatus, isErrorCode } from '@agrivet/shared';
import { apiErrorMessage, type FailureContext, localizeFieldMessages } from '@/i18n/contract-messages';
import { ApiError } from './api-error';

export interface FailureEnvelope {
  status: number;
  error: { code?: unknown; message?: string; fields?: Record<string, string> };
}

export function apiErrorFromFailure(failure: FailureEnvelope, context: FailureContext = {}): ApiError {
  const { status, error } = failure;
  const code = isErrorCode(error.code) ? error.code : errorCodeForStatus(status);
  const fields = error.fields ?? {};
  return new ApiError(
    status,
    apiErrorMessage(code, { message: error.message, fields }, context),
    code,
    localizeFieldMessages(fields),
  );
}
