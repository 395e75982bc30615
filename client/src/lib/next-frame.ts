/**
 * Runs callbacks together at the next animation frame: a turbo autobet's answers arrive one task apart, and each
 * one drawn on its own is a render of the game, the panel and the header per bet, which cost the panel half the
 * bets a bare fetch loop places (issue #47 point 3). Queued together they are one render per frame, in order.
 * A page the browser does not draw (a hidden tab) gets no frames: FALLBACK_MS runs the queue then.
 */
const FALLBACK_MS = 100;

let queue: (() => void)[] = [];
let scheduled = false;

function flush(): void {
  if (!scheduled) return;
  scheduled = false;
  const batch = queue;
  queue = [];
  for (const run of batch) run();
}

export function inNextFrame(run: () => void): void {
  queue.push(run);
  if (scheduled) return;
  scheduled = true;
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
  setTimeout(flush, FALLBACK_MS);
}
