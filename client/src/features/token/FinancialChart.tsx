import { Box, Skeleton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type {
  IChartApi,
  ISeriesApi,
  SeriesType,
  Time,
  WhitespaceData,
  LineData,
  HistogramData,
} from 'lightweight-charts';
import { paddedBounds, type PreparedSeries } from './chart-series';

export type FinancialChartKind = 'area' | 'histogram';

interface Props {
  series: PreparedSeries;
  kind: FinancialChartKind;
  /** Accessible name and summary, e.g. "BZU price, 24H: 3 points from ... to ...". */
  label: string;
  height?: number;
  /** Digits shown on the price scale. */
  precision: number;
  /** Never draw the scale below zero (supply, burns). */
  floorAtZero?: boolean;
  /** Called with the value under the crosshair (null when it leaves). */
  onHover?: (point: { time: number; value: number } | null) => void;
  testId?: string;
}

/** Reads a --bzu-* theme variable: the canvas cannot use CSS variables itself. */
function themeVar(el: HTMLElement, name: string, fallback: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback;
}

/** "#rrggbb" at an opacity, as rgba(): the library's colour parser wants plain CSS colours. */
function withAlpha(hex: string, alpha: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return hex;
  return `rgba(${parseInt(match[1]!, 16)}, ${parseInt(match[2]!, 16)}, ${parseInt(match[3]!, 16)}, ${alpha})`;
}

/**
 * One chart for price, supply and burns, on lightweight-charts. The library is imported when the
 * first chart mounts, so it stays out of the first screen's bundle. The visible time range is
 * always the prepared window (the range's full span even on a young install), and the price scale
 * is padded so a flat line sits mid-chart instead of on an edge.
 */
export function FinancialChart({
  series,
  kind,
  label,
  height = 240,
  precision,
  floorAtZero = false,
  onHover,
  testId,
}: Props) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<{ chart: IChartApi; series: ISeriesApi<SeriesType> } | null>(null);
  const [ready, setReady] = useState(false);
  const hoverRef = useRef(onHover);
  hoverRef.current = onHover;
  const boundsRef = useRef<{ minValue: number; maxValue: number } | null>(null);

  // Create the chart once per kind; data changes below only replace the series' data.
  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    let disposed = false;
    void import('lightweight-charts').then(({ createChart, AreaSeries, HistogramSeries, ColorType }) => {
      if (disposed) return;
      const text = themeVar(el, '--bzu-text-muted', '#9aa0a6');
      const border = themeVar(el, '--bzu-border', '#2c2e33');
      const accent = themeVar(el, '--bzu-accent', '#e64980');
      const chart = createChart(el, {
        autoSize: true,
        layout: {
          background: { type: ColorType.Solid, color: 'rgba(0, 0, 0, 0)' },
          textColor: text,
          fontSize: 11,
          attributionLogo: false,
        },
        grid: { vertLines: { color: border }, horzLines: { color: border } },
        rightPriceScale: { borderColor: border },
        timeScale: {
          borderColor: border,
          timeVisible: true,
          secondsVisible: false,
          fixLeftEdge: true,
          fixRightEdge: true,
        },
        handleScroll: false,
        handleScale: false,
        crosshair: { horzLine: { labelBackgroundColor: accent }, vertLine: { labelBackgroundColor: accent } },
      });
      const autoscaleInfoProvider = () => (boundsRef.current ? { priceRange: boundsRef.current } : null);
      const priceFormat = { type: 'price' as const, precision, minMove: 10 ** -precision };
      const created =
        kind === 'area'
          ? chart.addSeries(AreaSeries, {
              lineColor: accent,
              topColor: withAlpha(accent, 0.4),
              bottomColor: withAlpha(accent, 0),
              lineWidth: 2,
              priceFormat,
              autoscaleInfoProvider,
            })
          : chart.addSeries(HistogramSeries, { color: accent, priceFormat, autoscaleInfoProvider });
      chart.subscribeCrosshairMove((param) => {
        const data = param.seriesData.get(created) as { value?: number } | undefined;
        hoverRef.current?.(
          param.time !== undefined && data?.value !== undefined
            ? { time: param.time as number, value: data.value }
            : null,
        );
      });
      chartRef.current = { chart, series: created as ISeriesApi<SeriesType> };
      setReady(true);
    });
    return () => {
      disposed = true;
      chartRef.current?.chart.remove();
      chartRef.current = null;
      setReady(false);
    };
  }, [kind, precision]);

  useEffect(() => {
    const current = chartRef.current;
    if (!ready || !current) return;
    boundsRef.current =
      series.min !== null && series.max !== null ? paddedBounds(series.min, series.max, floorAtZero) : null;
    const data = series.slots.map((slot) => ({ ...slot, time: slot.time as Time })) as (
      WhitespaceData<Time> | LineData<Time> | HistogramData<Time>
    )[];
    current.series.setData(data);
    current.chart.timeScale().setVisibleRange({ from: series.from as Time, to: series.to as Time });
  }, [ready, series, floorAtZero]);

  return (
    <Box pos="relative" h={height} data-testid={testId}>
      <Box ref={boxRef} h={height} role="img" aria-label={label} data-ready={ready ? 'true' : 'false'} />
      {ready ? null : <Skeleton pos="absolute" inset={0} height={height} radius="md" aria-hidden />}
    </Box>
  );
}
