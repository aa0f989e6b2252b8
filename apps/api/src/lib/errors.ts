import { defaultMessages, type ErrorCode } from '@jornada/shared/errors';

/** A domain error: a stable code, a Spanish message and the HTTP status it maps to. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string = defaultMessages[code],
    /** Structured fields sent beside code and message (e.g. the warnings of WORKING_TIME_WARNING). */
    readonly extra?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message?: string) => new AppError(400, 'VALIDATION_ERROR', message);
export const unauthenticated = (message?: string) => new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message?: string) => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message?: string) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message?: string) => new AppError(409, 'CONFLICT', message);
export const unprocessable = (message?: string) => new AppError(422, 'UNPROCESSABLE', message);
