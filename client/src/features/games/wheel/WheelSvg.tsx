import { useEffect, useRef } from 'react';
import { segmentLabel, WHEEL_LAYOUT, type WheelSegment } from '../../../../../server/src/domain/games/wheel/rules';
import { SEGMENT_DEG } from './wheel-spin';

/** Each value's colour on the wheel, the betting spots and the history strip. */
export const SEGMENT_COLOURS: Record<string, string> = {
  '1': '#f2c94c',
  '2': '#2f80ed',
  '4': '#9b51e0',
  '10': '#27ae60',
  '42': '#eb5757',
  '2x': '#bdc3c7',
  '7x': '#d4af37',
};
export const colourOf = (segment: WheelSegment) => SEGMENT_COLOURS[segmentLabel(segment)]!;

const polar = (r: number, deg: number) => {
  const a = (deg * Math.PI) / 180;
  return `${(r * Math.sin(a)).toFixed(3)} ${(-r * Math.cos(a)).toFixed(3)}`;
};
const wedge = (i: number) => {
  const from = i * SEGMENT_DEG;
  const to = from + SEGMENT_DEG;
  return `M 0 0 L ${polar(96, from)} A 96 96 0 0 1 ${polar(96, to)} Z`;
};

/**
 * The 54 segments, segment 0 starting at the top and numbered clockwise (the published table), under a fixed pointer.
 * `angle` is read through a ref every frame (no re-render of the 54 wedges); the parent moves it with `setAngle`.
 */
export function WheelSvg({
  angleRef,
  highlight,
  hub,
}: {
  angleRef: { current: number };
  highlight: number | null;
  hub: string;
}) {
  const group = useRef<SVGGElement>(null);
  useEffect(() => {
    let frame = requestAnimationFrame(function draw() {
      group.current?.setAttribute('transform', `rotate(${angleRef.current.toFixed(3)})`);
      frame = requestAnimationFrame(draw);
    });
    return () => cancelAnimationFrame(frame);
  }, [angleRef]);
  return (
    <svg
      viewBox="-100 -108 200 208"
      role="img"
      aria-label="Money wheel"
      data-testid="wheel-svg"
      style={{ width: '100%', maxWidth: 420, display: 'block', margin: '0 auto' }}
    >
      <circle r="99" fill="#3b2612" stroke="#d4af37" strokeWidth="2" />
      <g ref={group}>
        {WHEEL_LAYOUT.map((segment, i) => (
          <g key={i}>
            <path
              d={wedge(i)}
              fill={colourOf(segment)}
              stroke="#1a1a1a"
              strokeWidth="0.5"
              opacity={highlight === null || highlight === i ? 1 : 0.55}
            />
            <text
              transform={`rotate(${(i + 0.5) * SEGMENT_DEG}) translate(0 -80) rotate(90)`}
              fontSize={segment.kind === 'multiplier' ? 7 : 6.5}
              fontWeight={800}
              fill="#111"
              textAnchor="middle"
              dominantBaseline="central"
            >
              {segmentLabel(segment)}
            </text>
          </g>
        ))}
      </g>
      <circle r="22" fill="#1a1a1a" stroke="#d4af37" strokeWidth="2" />
      <text
        fontSize={hub.length > 3 ? 9 : 14}
        fontWeight={900}
        fill="#ffd43b"
        textAnchor="middle"
        dominantBaseline="central"
        data-testid="wheel-hub"
      >
        {hub}
      </text>
      <path d="M -7 -106 L 7 -106 L 0 -90 Z" fill="#ffd43b" stroke="#1a1a1a" strokeWidth="1" />
    </svg>
  );
}
