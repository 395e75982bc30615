import { ROULETTE_WHEEL, pocketColour } from '../../../../../server/src/domain/games/roulette/rules';
import { POCKET_FILL, wheelTurn } from './roulette-wheel';
import classes from './RouletteGame.module.css';

const SEGMENT = 360 / ROULETTE_WHEEL.length;
const OUTER = 96;
const INNER = 62;

/** One pocket's wedge, centred on the top before the wheel's own rotation. */
function wedge(index: number): string {
  const a0 = ((index - 0.5) * SEGMENT - 90) * (Math.PI / 180);
  const a1 = ((index + 0.5) * SEGMENT - 90) * (Math.PI / 180);
  const p = (r: number, a: number) => `${(r * Math.cos(a)).toFixed(3)} ${(r * Math.sin(a)).toFixed(3)}`;
  return `M ${p(INNER, a0)} L ${p(OUTER, a0)} A ${OUTER} ${OUTER} 0 0 1 ${p(OUTER, a1)} L ${p(INNER, a1)} A ${INNER} ${INNER} 0 0 0 ${p(INNER, a0)} Z`;
}

/**
 * The European wheel: it turns and the ball runs the other way, both ending with the drawn pocket under the ball at
 * the top; `spin` counts the spins so each one turns further (CSS transitions on the rotation). The drawn pocket is
 * written in the middle only once `landed`.
 */
export function RouletteWheel(props: { pocket: number | null; spin: number; landed: boolean; durationMs: number }) {
  const { wheel, ball } = wheelTurn(props.pocket ?? 0, props.spin);
  const timing = { transitionDuration: `${props.durationMs}ms` };
  const shown = props.landed && props.pocket !== null ? props.pocket : null;
  return (
    <svg
      viewBox="-100 -100 200 200"
      className={classes.wheel}
      role="img"
      aria-label={shown === null ? 'Roulette wheel' : `Roulette wheel, the ball is on ${shown}`}
      data-testid="roulette-wheel"
    >
      <circle r={99} className={classes.wheelRim} />
      <g className={classes.turning} style={{ ...timing, transform: `rotate(${wheel}deg)` }}>
        {ROULETTE_WHEEL.map((pocket, index) => (
          <g key={pocket}>
            <path d={wedge(index)} fill={POCKET_FILL[pocketColour(pocket)]} stroke="#d4af37" strokeWidth={0.4} />
            <text
              x={0}
              y={-OUTER + 9}
              transform={`rotate(${index * SEGMENT})`}
              className={classes.wheelNumber}
              textAnchor="middle"
            >
              {pocket}
            </text>
          </g>
        ))}
        <circle r={INNER} className={classes.wheelHub} />
      </g>
      <g className={classes.turning} style={{ ...timing, transform: `rotate(${ball}deg)` }}>
        <circle
          key={props.spin}
          cx={0}
          cy={-(OUTER - 20)}
          r={4.2}
          className={classes.ball}
          style={{ animationDuration: `${props.durationMs}ms` }}
        />
      </g>
      {shown !== null ? (
        <g data-testid="roulette-result" data-pocket={shown}>
          <circle r={26} fill={POCKET_FILL[pocketColour(shown)]} stroke="#d4af37" strokeWidth={1.5} />
          <text y={10} textAnchor="middle" className={classes.wheelResult}>
            {shown}
          </text>
        </g>
      ) : null}
    </svg>
  );
}
