/**
 * The play gate: a reality check closes it until the player answers. Bets and autobets ask it before each stake;
 * "Keep playing" opens it again (an autobet goes on), "Stop" opens it with a no (an autobet ends).
 */
let paused = false;
let waiters: ((keepPlaying: boolean) => void)[] = [];

export function pausePlay(): void {
  paused = true;
}

export function resumePlay(keepPlaying: boolean): void {
  paused = false;
  const waiting = waiters;
  waiters = [];
  for (const wake of waiting) wake(keepPlaying);
}

export function isPlayPaused(): boolean {
  return paused;
}

/** Resolves at once while play is open; else when the player answers: true to keep playing. */
export function whenPlayResumes(): Promise<boolean> {
  if (!paused) return Promise.resolve(true);
  return new Promise((resolve) => waiters.push(resolve));
}
