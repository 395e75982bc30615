/**
 * A number that runs from where it was to a new value over a few hundred milliseconds (limbo's result counting
 * up, dice's roll travelling): the animation a result is revealed with, frame by frame.
 */
import { useEffect, useRef, useState } from 'react';

export interface CountUp {
  from: number;
  to: number;
  durationMs: number;
  /** Bumped per run, so the same value twice still animates. */
  id: number;
}

/** Ease-out: fast start, gentle landing. */
function ease(progress: number): number {
  return 1 - (1 - progress) ** 3;
}

/** The value to show now for the current run (its end value when there is none or it is over). */
export function useCountUp(run: CountUp | null): number | null {
  const [value, setValue] = useState<number | null>(run ? run.to : null);
  const frame = useRef(0);
  useEffect(() => {
    if (!run) return;
    if (run.durationMs <= 0) {
      setValue(run.to);
      return;
    }
    const started = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - started) / run.durationMs);
      setValue(run.from + (run.to - run.from) * ease(progress));
      if (progress < 1) frame.current = requestAnimationFrame(step);
    };
    frame.current = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame.current);
  }, [run]);
  return value;
}
