import { fraction, percent } from '../shared/doc-format.js';
import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS, PLINKO_TABLES, plinkoExactRtp } from './rules.js';

/** docs/fairness.md's plinko tables: each (risk, rows) table's multipliers and its exact RTP, as markdown lines. */
export function plinkoFairnessTables(): string[] {
  const out = [
    '### Plinko',
    '',
    'Multipliers from the leftmost bucket (0) to the rightmost (rows); P(bucket k) = C(rows, k) / 2^rows.',
    '',
  ];
  for (const risk of PLINKO_RISKS) {
    out.push(`#### ${risk}`, '', '| Rows | Multipliers | Exact RTP | As a fraction |', '|---|---|---|---|');
    for (let rows = PLINKO_MIN_ROWS; rows <= PLINKO_MAX_ROWS; rows += 1) {
      const rtp = plinkoExactRtp({ rows, risk });
      out.push(`| ${rows} | ${PLINKO_TABLES[risk][rows]!.join(' · ')} | ${percent(rtp)} | ${fraction(rtp)} |`);
    }
    out.push('');
  }
  return out;
}
