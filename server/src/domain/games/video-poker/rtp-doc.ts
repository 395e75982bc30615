/** Video poker's exact-return lines of docs/fairness.md, from exact-rtp.ts's figures (its test checks the document). */
import { formatRatio } from '../shared/ratio.js';
import type { VideoPokerRtp } from './exact-rtp.js';

export function rtpSection({ rtp, heldCards }: VideoPokerRtp): string {
  const total = heldCards.reduce((a, b) => a + b, 0);
  const percent = (n: number) => `${((100 * n) / total).toFixed(2)}%`;
  return [
    `**Exact RTP under optimal holds: ${formatRatio({ num: rtp.num * 100n, den: rtp.den }, 6)}%** ` +
      `(${rtp.num}/${rtp.den}).`,
    '',
    '| Cards held by the optimal strategy | 0 | 1 | 2 | 3 | 4 | 5 |',
    '|---|---|---|---|---|---|---|',
    `| Share of dealt hands | ${heldCards.map(percent).join(' | ')} |`,
  ].join('\n');
}
