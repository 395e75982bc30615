import { SegmentedControl } from '@mantine/core';
import type { ChartRange } from './chart-series';

const RANGES: { value: ChartRange; label: string }[] = [
  { value: '24h', label: '24H' },
  { value: '7d', label: '7D' },
  { value: '30d', label: '30D' },
  { value: 'all', label: 'All' },
];

/** The 24H / 7D / 30D / All switch every token chart carries. */
export function RangeControl({
  value,
  onChange,
  label,
}: {
  value: ChartRange;
  onChange: (range: ChartRange) => void;
  label: string;
}) {
  return (
    <SegmentedControl
      size="xs"
      value={value}
      onChange={(next) => onChange(next as ChartRange)}
      data={RANGES}
      aria-label={label}
    />
  );
}
