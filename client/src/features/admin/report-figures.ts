import type { PreparedSeries } from '../token/chart-series';

/** "123456789" (1e-8 units) -> "1.23456789": exact, via bigint; trailing zeros dropped. */
export function unitsOf(e8: string): string {
  const value = BigInt(e8);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 100_000_000n;
  const fraction = (abs % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A UTC day "YYYY-MM-DD" `offset` days from today. */
export function utcDay(offset = 0, now = new Date()): string {
  return new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** One bar per report period (its first day at 00:00 UTC), valued in whole units for the chart. */
export function periodSeries(rows: readonly { bucket: string; e8: string }[]): PreparedSeries {
  const slots = rows.map((row) => ({
    time: Date.parse(`${row.bucket}T00:00:00Z`) / 1000,
    value: Number(row.e8) / 1e8,
  }));
  const values = slots.map((slot) => slot.value);
  return {
    slots,
    from: slots[0]?.time ?? 0,
    to: slots.at(-1)?.time ?? 0,
    valued: slots.length,
    min: values.length ? Math.min(0, ...values) : null,
    max: values.length ? Math.max(0, ...values) : null,
  };
}

/** One point per report period (its first day at 00:00 UTC): a money figure in whole units, or a count as it is. */
export function periodPoints<Row extends { bucket: string }>(
  rows: readonly Row[],
  value: (row: Row) => string | number,
): { time: number; value: number }[] {
  return rows.map((row) => {
    const figure = value(row);
    return {
      time: Date.parse(`${row.bucket}T00:00:00Z`) / 1000,
      value: typeof figure === 'string' ? Number(figure) / 1e8 : figure,
    };
  });
}

/** Saves text as a file from the browser (the CSV export). */
export function downloadText(filename: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
