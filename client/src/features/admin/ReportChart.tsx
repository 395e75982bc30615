import { Box, Group, Skeleton, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { IChartApi, ISeriesApi, Time } from 'lightweight-charts';

/** One line of a report chart: its name (the legend) and colour, and one value per period. */
export interface ReportLine {
  name: string;
  /** A Mantine theme colour variable's fallback, as a plain CSS colour (the canvas cannot read variables). */
  color: string;
  points: { time: number; value: number }[];
}

interface Props {
  lines: ReportLine[];
  /** Accessible name and summary, e.g. "Deposits and withdrawals per day in USD, from ... to ...". */
  label: string;
  /** Digits shown on the value scale (0 for player counts). */
  precision: number;
  height?: number;
  testId?: string;
}

function themeVar(el: HTMLElement, name: string, fallback: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback;
}

/**
 * Several figures of the report over the same periods, as lines on one chart (lightweight-charts, loaded when the
 * first chart mounts), with a legend. A short range's points are marked, so a range of one week or month still shows.
 * The token page's FinancialChart draws one series; the reports compare two or three.
 */
export function ReportChart({ lines, label, precision, height = 200, testId }: Props) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<{ chart: IChartApi; series: ISeriesApi<'Line'>[] } | null>(null);
  const [ready, setReady] = useState(false);
  const names = lines.map((line) => `${line.name}:${line.color}`).join('|');

  // One chart per set of lines; new figures below only replace the lines' data.
  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    let disposed = false;
    void import('lightweight-charts').then(({ createChart, LineSeries, ColorType }) => {
      if (disposed) return;
      const border = themeVar(el, '--bzu-border', '#2c2e33');
      const chart = createChart(el, {
        autoSize: true,
        layout: {
          background: { type: ColorType.Solid, color: 'rgba(0, 0, 0, 0)' },
          textColor: themeVar(el, '--bzu-text-muted', '#9aa0a6'),
          fontSize: 11,
          attributionLogo: false,
        },
        grid: { vertLines: { color: border }, horzLines: { color: border } },
        rightPriceScale: { borderColor: border },
        timeScale: { borderColor: border, fixLeftEdge: true, fixRightEdge: true },
        handleScroll: false,
        handleScale: false,
      });
      const priceFormat = { type: 'price' as const, precision, minMove: 10 ** -precision };
      const series = lines.map((line) => chart.addSeries(LineSeries, { color: line.color, lineWidth: 2, priceFormat }));
      chartRef.current = { chart, series };
      setReady(true);
    });
    return () => {
      disposed = true;
      chartRef.current?.chart.remove();
      chartRef.current = null;
      setReady(false);
    };
    // The lines' names and colours decide the series; their points are set by the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [names, precision]);

  useEffect(() => {
    const current = chartRef.current;
    if (!ready || !current) return;
    lines.forEach((line, index) => {
      const series = current.series[index];
      if (!series) return;
      // Markers show a short range's few points; on a month of days they would only crowd the line.
      series.applyOptions({ pointMarkersVisible: line.points.length <= 16 });
      series.setData(line.points.map((point) => ({ time: point.time as Time, value: point.value })));
    });
    current.chart.timeScale().fitContent();
  }, [ready, lines]);

  return (
    <Box data-testid={testId}>
      <Box pos="relative" h={height}>
        <Box ref={boxRef} h={height} role="img" aria-label={label} data-ready={ready ? 'true' : 'false'} />
        {ready ? null : <Skeleton pos="absolute" inset={0} height={height} radius="md" aria-hidden />}
      </Box>
      <Group gap="md" mt={4} aria-hidden>
        {lines.map((line) => (
          <Text key={line.name} size="xs" c="dimmed">
            <Text span c={line.color} fw={700}>
              ■
            </Text>{' '}
            {line.name}
          </Text>
        ))}
      </Group>
    </Box>
  );
}
