import { formatRatio, type Ratio } from './ratio.js';

/** A return to player as docs/fairness.md's tables show it: a percentage to four places ("98.9999%"). */
export const percent = (r: Ratio) => `${formatRatio({ num: r.num * 100n, den: r.den }, 4)}%`;

/** The same return as its exact fraction ("989999/1000000"). */
export const fraction = (r: Ratio) => `${r.num}/${r.den}`;
