import { Box, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId, useState, type MouseEvent } from 'react';
import { TOKEN_PRICE_DECIMALS } from '../../constants';
import { formatDecimal } from '../../lib/decimal';
import { layoutChart, nearestPoint, type ChartPoint, type PlottedPoint } from './chart-geometry';

const HEIGHT = 220;

function price(value: string): string {
  return `$${formatDecimal(value, TOKEN_PRICE_DECIMALS) ?? value}`;
}

function when(iso: string, withDate: boolean): string {
  const date = new Date(iso);
  return withDate
    ? date.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
    : date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** A line chart of history points with the range's high and low and a hover read-out. */
export function PriceChart({ points, label }: { points: readonly ChartPoint[]; label: string }) {
  const { ref, width } = useElementSize<HTMLDivElement>();
  const gradientId = useId();
  const [hover, setHover] = useState<PlottedPoint | null>(null);
  const layout = layoutChart(points, { width, height: HEIGHT, padY: 16 });
  const first = points[0];
  const last = points[points.length - 1];
  const spansDays = first && last ? Date.parse(last.t) - Date.parse(first.t) >= 24 * 3600_000 : false;

  const onMove = (event: MouseEvent<SVGSVGElement>) => {
    if (!layout) return;
    const box = event.currentTarget.getBoundingClientRect();
    setHover(nearestPoint(layout.plotted, event.clientX - box.left));
  };

  return (
    <Box data-testid="price-chart">
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {layout ? `High ${price(layout.max.price)} · Low ${price(layout.min.price)}` : ''}
        </Text>
        <Text size="xs" fw={600} ff="monospace" aria-live="polite" data-testid="price-chart-readout">
          {hover ? `${price(hover.point.price)} · ${when(hover.point.t, true)}` : ''}
        </Text>
      </Group>
      <Box ref={ref} h={HEIGHT} pos="relative">
        {layout ? (
          <svg
            width={width}
            height={HEIGHT}
            role="img"
            aria-label={`${label}: ${points.length} points from ${price(first!.price)} to ${price(last!.price)}`}
            onMouseMove={onMove}
            onMouseLeave={() => setHover(null)}
            style={{ display: 'block', overflow: 'visible' }}
          >
            <defs>
              <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
                <stop offset="0%" stopColor="var(--mantine-primary-color-filled)" stopOpacity={0.35} />
                <stop offset="100%" stopColor="var(--mantine-primary-color-filled)" stopOpacity={0} />
              </linearGradient>
            </defs>
            <path d={layout.area} fill={`url(#${gradientId})`} stroke="none" />
            <path d={layout.line} fill="none" stroke="var(--mantine-primary-color-filled)" strokeWidth={2} strokeLinejoin="round" />
            {layout.plotted.length === 1 ? (
              <circle cx={layout.plotted[0]!.x} cy={layout.plotted[0]!.y} r={4} fill="var(--mantine-primary-color-filled)" />
            ) : null}
            {hover ? (
              <>
                <line x1={hover.x} x2={hover.x} y1={0} y2={HEIGHT} stroke="var(--bzu-border, #555)" strokeDasharray="3 3" />
                <circle cx={hover.x} cy={hover.y} r={4} fill="var(--mantine-primary-color-filled)" stroke="white" strokeWidth={1.5} />
              </>
            ) : null}
          </svg>
        ) : null}
      </Box>
      <Group justify="space-between" mt={6} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {first ? when(first.t, spansDays) : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {last ? when(last.t, spansDays) : ''}
        </Text>
      </Group>
    </Box>
  );
}
