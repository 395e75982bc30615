import { toApiError, type ApiError } from '../../lib/api-error';

/**
 * Only a failure that can pass by itself is worth an automatic retry: no answer (network) or a
 * 5xx. A 4xx is the server's verdict on the request (a taken name, a limit): retrying it counts
 * twice against the limits and replaces the real reason with a 429 (issue #17).
 */
export function isTransientFailure(error: ApiError): boolean {
  return error.status === 0 || error.status >= 500;
}

/** Runs `attempt`, once more if the first failure was transient; failures come out as ApiError. */
export async function withTransientRetry<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (first) {
    const failure = toApiError(first);
    if (!isTransientFailure(failure)) throw failure;
  }
  try {
    return await attempt();
  } catch (second) {
    throw toApiError(second);
  }
}
