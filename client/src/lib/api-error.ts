import { TRPCClientError } from '@trpc/client';

/** Every failed request, as the spec's error catalogue describes it (section 8). */
export interface ApiError {
  /** HTTP status; 0 when no response arrived. */
  status: number;
  message: string;
  details?: unknown;
}

export const MAINTENANCE_MESSAGE = 'Server is currently under maintenance. Please try again later.';
export const GENERIC_SERVER_ERROR = 'Server returned an error';

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiError).status === 'number' &&
    typeof (value as ApiError).message === 'string'
  );
}

export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  if (error instanceof TRPCClientError) {
    const data = error.data as { httpStatus?: number } | undefined;
    // A tRPC error without data never reached a server that answered.
    if (!data?.httpStatus) return { status: 0, message: MAINTENANCE_MESSAGE, details: error.cause };
    return { status: data.httpStatus, message: error.message || GENERIC_SERVER_ERROR, details: data };
  }
  if (error instanceof TypeError) return { status: 0, message: MAINTENANCE_MESSAGE };
  if (error instanceof Error) return { status: -1, message: error.message || 'Request setup failed' };
  return { status: -1, message: 'Unknown error occurred' };
}

/** The server's own message for a failed request. */
export function errorMessage(error: unknown): string {
  return toApiError(error).message;
}

/**
 * The code a failed call carries: the server's domain code (INSUFFICIENT_FUNDS, TWO_FACTOR_REQUIRED,
 * EMAIL_NOT_VERIFIED...) or, when it has none, the tRPC code (TOO_MANY_REQUESTS). Reads a tRPC client error's
 * data and an ApiError's details alike, so a page can branch on the code before or after toApiError.
 */
export function errorCode(error: unknown): string | undefined {
  const source = isApiError(error) ? error.details : (error as { data?: unknown } | null | undefined)?.data;
  if (typeof source !== 'object' || source === null) return undefined;
  const { domainCode, code } = source as { domainCode?: unknown; code?: unknown };
  if (typeof domainCode === 'string') return domainCode;
  return typeof code === 'string' ? code : undefined;
}
