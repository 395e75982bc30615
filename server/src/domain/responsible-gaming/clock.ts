/** The time the responsible-gaming rules read (limit windows, the 24-hour wait); tests hold it still or move it on. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
