import { describe, expect, it } from 'vitest';
import { FULL_VOLUME_GAIN, parseVolume, peakGain } from './sounds';

/** Issue 45, point 12: the game sounds have a volume, kept in the browser. */
describe('sound volume', () => {
  it('scales the notes from silent to full', () => {
    expect(peakGain(100)).toBe(FULL_VOLUME_GAIN);
    expect(peakGain(50)).toBeCloseTo(FULL_VOLUME_GAIN / 2, 12);
    expect(peakGain(0)).toBe(0);
    expect(peakGain(250)).toBe(FULL_VOLUME_GAIN);
    expect(peakGain(-5)).toBe(0);
  });

  it('reads back only a whole number from 0 to 100', () => {
    expect(parseVolume('40')).toBe(40);
    expect(parseVolume('0')).toBe(0);
    expect(parseVolume('100')).toBe(100);
    for (const text of ['101', '-1', '4.5', '', 'loud', '1e2']) expect(parseVolume(text)).toBeUndefined();
  });
});
