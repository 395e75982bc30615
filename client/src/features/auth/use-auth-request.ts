import { useState } from 'react';
import { errorCode, toApiError } from '../../lib/api-error';

/** A failure keeps the server's domain code (EMAIL_ALREADY_VERIFIED...) for pages that explain it their own way. */
export type RequestState =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'done' }
  | { status: 'failed'; message: string; code?: string };

/** Runs one auth call and keeps its outcome for the page to show. */
export function useAuthRequest<TArgs extends unknown[]>(call: (...args: TArgs) => Promise<void>) {
  const [state, setState] = useState<RequestState>({ status: 'idle' });
  async function run(...args: TArgs): Promise<void> {
    setState({ status: 'pending' });
    try {
      await call(...args);
      setState({ status: 'done' });
    } catch (error) {
      const api = toApiError(error);
      setState({ status: 'failed', message: api.message, code: errorCode(api) });
    }
  }
  return { state, run };
}
