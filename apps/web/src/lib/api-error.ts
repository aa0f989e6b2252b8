import type { ErrorCode } from '@jornada/shared/errors';

/** Codes the client produces itself, when there is no usable server answer. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'HTTP_ERROR';

/** A failed API call. `fromServer` is false when the message is the client's own fallback. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode | ClientErrorCode | (string & {}),
    message: string,
    readonly status: number,
    readonly fromServer: boolean,
    /** The error's other fields from the server (e.g. `warnings` of WORKING_TIME_WARNING). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
