import { HTTP_TIMEOUT_MS } from '../constants';
import { clearSession } from '../features/auth/session-store';
import { reportPossibleOutage } from '../features/health/health-store';

/**
 * The fetch every tRPC HTTP call uses: it applies the request timeout, drops the session on a
 * 401 (spec section 4) and asks for a health check when the server did not answer properly.
 */
export async function apiFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(input, { ...init, signal });
  } catch (error) {
    if (!init?.signal?.aborted) reportPossibleOutage();
    throw error;
  }
  if (response.status === 401) clearSession();
  if (response.status >= 502) reportPossibleOutage();
  return response;
}
