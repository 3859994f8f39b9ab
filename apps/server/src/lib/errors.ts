import type { ErrorCode } from '@studio/shared/errors';

/** A failure the client is meant to see: status, code and optional headers. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly extra: { details?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(code);
  }
}

export const badRequest = (code: ErrorCode, details?: unknown) =>
  new AppError(400, code, { details });
export const notFound = () => new AppError(404, 'not_found');
export const forbidden = (code: ErrorCode = 'forbidden') => new AppError(403, code);
export const rateLimited = (retryAfterMs: number) =>
  new AppError(429, 'rate_limited', {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
