/**
 * Geometry of the holdings chart (an SVG step line): history points scaled into a box. Pure, no DOM. Prices are decimal
 * strings; plotting only needs screen precision, so they are read as floats here (the labels use
 * the exact strings).
 */
export interface ChartPoint {
  t: string;
  price: string;
}

export interface PlottedPoint {
  x: number;
  y: number;
  point: ChartPoint;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Space kept free above and below the line. */
  padY: number;
}

export interface ChartLayout {
  plotted: PlottedPoint[];
  min: ChartPoint;
  max: ChartPoint;
  /** SVG path of the line ("M x y L x y ..."), empty without points. */
  line: string;
  /** The line closed down to the bottom edge, for the fill. */
  area: string;
}

export function layoutChart(points: readonly ChartPoint[], box: ChartBox): ChartLayout | null {
  const usable = points
    .map((point) => ({ point, time: Date.parse(point.t), value: Number(point.price) }))
    .filter((p) => Number.isFinite(p.time) && Number.isFinite(p.value))
    .sort((a, b) => a.time - b.time);
  if (usable.length === 0 || box.width <= 0 || box.height <= 0) return null;

  let low = usable[0]!;
  let high = usable[0]!;
  for (const p of usable) {
    if (p.value < low.value) low = p;
    if (p.value > high.value) high = p;
  }
  const t0 = usable[0]!.time;
  const t1 = usable[usable.length - 1]!.time;
  const spanT = t1 - t0;
  const spanV = high.value - low.value;
  const innerH = Math.max(box.height - 2 * box.padY, 1);

  // Hundredths of a pixel are plenty and keep the path short.
  const round = (n: number) => Math.round(n * 100) / 100;
  const plotted = usable.map((p) => ({
    // One point (or all at one time) sits in the middle; a flat price runs through the middle.
    x: round(spanT === 0 ? box.width / 2 : ((p.time - t0) / spanT) * box.width),
    y: round(spanV === 0 ? box.height / 2 : box.padY + (1 - (p.value - low.value) / spanV) * innerH),
    point: p.point,
  }));
  const line = plotted.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
  const first = plotted[0]!;
  const last = plotted[plotted.length - 1]!;
  const area = `${line} L${last.x} ${box.height} L${first.x} ${box.height} Z`;
  return { plotted, min: low.point, max: high.point, line, area };
}
