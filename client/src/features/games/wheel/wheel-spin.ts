import {
  WHEEL_FIRST_SPIN_MS,
  WHEEL_RESPIN_MS,
  WHEEL_SEGMENTS,
} from '../../../../../server/src/domain/games/wheel/rules';

/**
 * Where the wheel stands `elapsedMs` after the round's start on the server's clock: a pure function of the spins and
 * the time, so every screen shows the same segment under the pointer at the same moment.
 */
export const SEGMENT_DEG = 360 / WHEEL_SEGMENTS;
/** Each spin turns for this share of its slot, then rests on its segment until the next spin or the round's end. */
const TURNING_SHARE = 0.8;
const TURNS_FIRST = 5;
const TURNS_RESPIN = 3;

/** The rotation (degrees clockwise, 0 to 360) that puts segment `index`'s centre under the pointer at the top. */
export function restingAngle(index: number): number {
  return (((-(index + 0.5) * SEGMENT_DEG) % 360) + 360) % 360;
}

export interface WheelPose {
  /** Degrees clockwise, growing through the round (the turns included). */
  angle: number;
  /** The spin on screen (0-based). */
  spin: number;
  /** That spin has stopped on its segment. */
  landed: boolean;
}

const easeOut = (x: number) => 1 - (1 - x) ** 3;

/** The landing angle of each spin: the previous one plus whole turns plus the way forward to its segment. */
export function landingAngles(spins: readonly number[], start = 0): number[] {
  const angles: number[] = [];
  let from = start;
  spins.forEach((segment, k) => {
    const forward = (((restingAngle(segment) - from) % 360) + 360) % 360;
    from += (k === 0 ? TURNS_FIRST : TURNS_RESPIN) * 360 + forward;
    angles.push(from);
  });
  return angles;
}

/** `start`: where this screen's wheel stood when the round started (any: every screen lands on the same segments). */
export function wheelPose(spins: readonly number[], elapsedMs: number, start = 0): WheelPose {
  const angles = landingAngles(spins, start);
  let slotStart = 0;
  for (let k = 0; k < spins.length; k += 1) {
    const slot = k === 0 ? WHEEL_FIRST_SPIN_MS : WHEEL_RESPIN_MS;
    const turning = slot * TURNING_SHARE;
    const from = k === 0 ? start : angles[k - 1]!;
    if (elapsedMs < slotStart + turning) {
      const progress = Math.max(0, (elapsedMs - slotStart) / turning);
      return { angle: from + (angles[k]! - from) * easeOut(progress), spin: k, landed: false };
    }
    if (elapsedMs < slotStart + slot || k === spins.length - 1) return { angle: angles[k]!, spin: k, landed: true };
    slotStart += slot;
  }
  return { angle: start, spin: 0, landed: false };
}

/** The segment under the pointer at a rotation. */
export function segmentAt(angle: number): number {
  const normalised = ((angle % 360) + 360) % 360;
  return Math.floor(((360 - normalised) % 360) / SEGMENT_DEG) % WHEEL_SEGMENTS;
}
