import { describe, expect, it } from 'vitest';
import {
  WHEEL_FIRST_SPIN_MS,
  WHEEL_RESPIN_MS,
  WHEEL_SEGMENTS,
} from '../../../../../server/src/domain/games/wheel/rules';
import { landingAngles, restingAngle, segmentAt, wheelPose } from './wheel-spin';

describe('the wheel on screen', () => {
  it('rests each segment under the pointer', () => {
    for (let i = 0; i < WHEEL_SEGMENTS; i += 1) expect(segmentAt(restingAngle(i))).toBe(i);
  });

  it('lands each spin on its segment, turning forward, and holds it until the next spin', () => {
    const spins = [25, 25, 37];
    const angles = landingAngles(spins);
    expect(angles.map(segmentAt)).toEqual(spins);
    expect(angles[1]! - angles[0]!).toBeGreaterThanOrEqual(3 * 360);
    expect(wheelPose(spins, 0)).toEqual({ angle: 0, spin: 0, landed: false });
    const midway = wheelPose(spins, WHEEL_FIRST_SPIN_MS / 3);
    expect(midway.landed).toBe(false);
    expect(midway.angle).toBeGreaterThan(0);
    expect(midway.angle).toBeLessThan(angles[0]!);
    expect(wheelPose(spins, WHEEL_FIRST_SPIN_MS - 1)).toEqual({ angle: angles[0], spin: 0, landed: true });
    expect(wheelPose(spins, WHEEL_FIRST_SPIN_MS + 1).spin).toBe(1);
    expect(wheelPose(spins, WHEEL_FIRST_SPIN_MS + 1).landed).toBe(false);
    expect(wheelPose(spins, WHEEL_FIRST_SPIN_MS + 2 * WHEEL_RESPIN_MS + 10_000)).toEqual({
      angle: angles[2],
      spin: 2,
      landed: true,
    });
  });
});
