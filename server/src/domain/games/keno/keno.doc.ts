import { fraction, percent } from '../shared/doc-format.js';
import { KENO_RISKS, KENO_TABLES, kenoExactRtp } from './rules.js';

/** docs/fairness.md's keno tables: each (risk, picks) row's multipliers by hits and its exact RTP, as markdown lines. */
export function kenoFairnessTables(): string[] {
  const out = [
    '### Keno',
    '',
    'Multipliers by number of hits, from 0 hits; P(h hits | p picks) = C(10, h) C(30, p - h) / C(40, p).',
    '',
  ];
  for (const risk of KENO_RISKS) {
    out.push(
      `#### ${risk}`,
      '',
      '| Picks | Multipliers by hits (0, 1, ...) | Exact RTP | As a fraction |',
      '|---|---|---|---|',
    );
    KENO_TABLES[risk].forEach((row, i) => {
      const rtp = kenoExactRtp(risk, i + 1);
      out.push(`| ${i + 1} | ${row.join(' · ')} | ${percent(rtp)} | ${fraction(rtp)} |`);
    });
    out.push('');
  }
  return out;
}
