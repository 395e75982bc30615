/**
 * Runs `run` at once, then at most once per `windowMs`: calls inside a window become one call at its end. A live
 * event that arrives per bet (game-result, vip-update) would otherwise refetch the same queries ten times a second
 * during a turbo autobet; the last call always runs, so the page ends on fresh data.
 */
export function coalesce(run: () => void, windowMs: number): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending = false;
  const close = () => {
    if (pending) {
      pending = false;
      run();
      timer = setTimeout(close, windowMs);
    } else timer = null;
  };
  return () => {
    if (timer) {
      pending = true;
      return;
    }
    run();
    timer = setTimeout(close, windowMs);
  };
}
