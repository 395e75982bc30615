import { useState } from 'react';
import { toApiError } from '../../lib/api-error';

export type RequestState = { status: 'idle' } | { status: 'pending' } | { status: 'done' } | { status: 'failed'; message: string };

/** Runs one auth call and keeps its outcome for the page to show. */
export function useAuthRequest<TArgs extends unknown[]>(call: (...args: TArgs) => Promise<void>) {
  const [state, setState] = useState<RequestState>({ status: 'idle' });
  async function run(...args: TArgs): Promise<void> {
    setState({ status: 'pending' });
    try {
      await call(...args);
      setState({ status: 'done' });
    } catch (error) {
      setState({ status: 'failed', message: toApiError(error).message });
    }
  }
  return { state, run };
}
