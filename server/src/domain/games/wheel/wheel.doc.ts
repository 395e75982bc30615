import { fraction, percent } from '../shared/doc-format.js';
import {
  segmentLabel,
  WHEEL_LAYOUT,
  WHEEL_VALUES,
  wheelExactRtp,
  wheelSegmentCounts,
  type WheelValue,
} from './rules.js';

/** docs/fairness.md's money wheel table: the segments clockwise from 0, and each bet's exact RTP (re-spins included). */
export function wheelFairnessTables(): string[] {
  const out = [
    '### Money wheel',
    '',
    `Segments clockwise from segment 0: ${WHEEL_LAYOUT.map(segmentLabel).join(' ')}`,
    '',
  ];
  out.push('| Segment | Count (of 54) | Exact RTP of a bet on it | As a fraction |', '|---|---|---|---|');
  for (const { label, count } of wheelSegmentCounts()) {
    const value = Number(label) as WheelValue;
    if (!WHEEL_VALUES.includes(value)) {
      out.push(`| ${label} (spin again, the next win x${label.slice(0, -1)}) | ${count} | - | - |`);
      continue;
    }
    const rtp = wheelExactRtp(value);
    out.push(`| ${label} (pays ${label}:1) | ${count} | ${percent(rtp)} | ${fraction(rtp)} |`);
  }
  out.push('');
  return out;
}
