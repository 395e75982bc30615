import { useEffect, useMemo, useState } from 'react';
import { PLINKO_TABLES, type PlinkoRisk } from '../../../../../server/src/domain/games/plinko/rules';
import { ballKeyframes, ballPositionAt, BOARD_WIDTH, plinkoGeometry, type Point } from './plinko-geometry';

export interface FlyingBall {
  id: string;
  rows: number;
  path: number[];
  bucket: number;
  startedAt: number;
}

const MS_PER_ROW = 110;

export function ballDuration(rows: number): number {
  return 250 + rows * MS_PER_ROW;
}

/** Bucket colours from the edges (rare, big) to the middle (common, small). */
function bucketColor(index: number, count: number): string {
  const distance = Math.abs(index - (count - 1) / 2) / ((count - 1) / 2);
  const hue = Math.round(50 - distance * 50);
  return `hsl(${hue} 90% ${48 + (1 - distance) * 6}%)`;
}

/** The board: pegs, the multiplier row of the current table, and each ball flying along the server's path. */
export function PlinkoBoard({
  rows,
  risk,
  balls,
  onLanded,
}: {
  rows: number;
  risk: PlinkoRisk;
  balls: FlyingBall[];
  onLanded: (id: string) => void;
}) {
  const geometry = useMemo(() => plinkoGeometry(rows), [rows]);
  const table = PLINKO_TABLES[risk][rows] ?? [];
  const [now, setNow] = useState(() => performance.now());
  const live = balls.filter((ball) => ball.rows === rows);
  const [hit, setHit] = useState<{ bucket: number; at: number } | null>(null);

  useEffect(() => {
    if (balls.length === 0) return;
    let frame = requestAnimationFrame(function tick(time) {
      setNow(time);
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [balls.length]);

  useEffect(() => {
    for (const ball of balls) {
      if (ball.rows !== rows || now - ball.startedAt >= ballDuration(ball.rows)) {
        if (ball.rows === rows) setHit({ bucket: ball.bucket, at: now });
        onLanded(ball.id);
      }
    }
  }, [now, balls, rows, onLanded]);

  const fontSize = Math.min(24, geometry.spacing * 0.34);
  return (
    <svg
      viewBox={`0 0 ${BOARD_WIDTH} ${geometry.height}`}
      width="100%"
      role="img"
      aria-label={`Plinko board, ${rows} rows, ${risk} risk`}
      data-testid="plinko-board"
    >
      {geometry.pegs.map((peg, i) => (
        <circle key={i} cx={peg.x} cy={peg.y} r={geometry.pegRadius} fill="var(--mantine-color-gray-3)" />
      ))}
      {geometry.buckets.map((bucket, k) => {
        const active = hit && hit.bucket === k && now - hit.at < 400;
        return (
          <g
            key={k}
            transform={`translate(${bucket.x - bucket.width / 2} ${bucket.y + (active ? 6 : 0)})`}
            data-testid="plinko-bucket"
          >
            <rect
              width={bucket.width}
              height={40}
              rx={6}
              fill={bucketColor(k, geometry.buckets.length)}
              opacity={active ? 1 : 0.9}
            />
            <text
              x={bucket.width / 2}
              y={20}
              dominantBaseline="central"
              textAnchor="middle"
              fontSize={fontSize}
              fontWeight={700}
              fill="#1a1b1e"
            >
              {table[k]}
              {Number(table[k]) < 100 ? 'x' : ''}
            </text>
          </g>
        );
      })}
      {live.map((ball) => {
        const points: Point[] = ballKeyframes(geometry, ball.path);
        const position = ballPositionAt(points, (now - ball.startedAt) / ballDuration(ball.rows));
        return (
          <circle
            key={ball.id}
            cx={position.x}
            cy={position.y}
            r={geometry.ballRadius}
            fill="var(--mantine-color-pink-5)"
            stroke="#fff"
            strokeWidth={2}
          />
        );
      })}
    </svg>
  );
}
