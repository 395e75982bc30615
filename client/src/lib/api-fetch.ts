import { HTTP_TIMEOUT_MS } from '../constants';
import { endSessionAfterUnauthorized } from '../features/auth/session-ended';
import { reportPossibleOutage } from '../features/health/health-store';

/**
 * The fetch every tRPC HTTP call uses: it applies the request timeout, drops the session on a
 * 401 (spec section 4), also one inside a batch, and asks for a health check when the server did not answer properly.
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
  // Log Out's own 401 (an already expired session) is not news to the player.
  const isLogout = String(input instanceof Request ? input.url : input).includes('auth.logout');
  if (response.status === 401) {
    if (!isLogout) endSessionAfterUnauthorized();
  }
  // A batch whose calls ended differently answers 207; a 401 among them still ends the session.
  else if (response.status === 207) void dropSessionIfAnyUnauthorized(response.clone());
  if (response.status >= 502) reportPossibleOutage();
  return response;
}

async function dropSessionIfAnyUnauthorized(response: Response): Promise<void> {
  try {
    const results: unknown = await response.json();
    if (!Array.isArray(results)) return;
    const unauthorized = results.some(
      (item: { error?: { data?: { httpStatus?: unknown } } } | null) => item?.error?.data?.httpStatus === 401,
    );
    if (unauthorized) endSessionAfterUnauthorized();
  } catch {
    // Not a tRPC batch body: nothing to read.
  }
}
