/**
 * Game sounds made on the spot with the Web Audio API: a few short tones, nothing to download. The audio
 * context starts on the first sound (after the player's first click, so the browser allows it); muting is
 * one choice for every game, remembered in the browser, and so is the volume.
 */
import { createStore, useStore } from '../../lib/external-store';
import { browserFlag } from './browser-flag';
import type { BetView } from './bet-types';

const muted = browserFlag('bzu.soundMuted', false);
export const useSoundMuted = muted.use;
export const setSoundMuted = muted.set;

/** The loudest a note gets at full volume: game sounds sit under whatever else plays. */
export const FULL_VOLUME_GAIN = 0.08;

/** Volume 0-100 (a whole number) from what the browser kept; anything else is undefined (the default then). */
export function parseVolume(text: string): number | undefined {
  if (!/^\d{1,3}$/.test(text)) return undefined;
  const volume = Number(text);
  return volume <= 100 ? volume : undefined;
}

/** A note's peak gain at this volume (0-100). */
export function peakGain(volume: number): number {
  return (FULL_VOLUME_GAIN * Math.min(100, Math.max(0, volume))) / 100;
}

const volume = createStore<number>(100, { key: 'bzu.soundVolume', decode: parseVolume, encode: String });
export const useSoundVolume = () => useStore(volume);
export const setSoundVolume = (next: number) => volume.set(Math.round(Math.min(100, Math.max(0, next))));

export type SoundName = 'bet' | 'win' | 'lose' | 'reveal' | 'cashout';

/** Each sound as notes: frequency (Hz), start and length (s), wave shape. */
const NOTES: Record<SoundName, readonly { hz: number; at: number; length: number; wave: OscillatorType }[]> = {
  bet: [{ hz: 520, at: 0, length: 0.05, wave: 'triangle' }],
  win: [
    { hz: 660, at: 0, length: 0.08, wave: 'sine' },
    { hz: 990, at: 0.07, length: 0.12, wave: 'sine' },
  ],
  lose: [{ hz: 180, at: 0, length: 0.12, wave: 'sawtooth' }],
  reveal: [{ hz: 880, at: 0, length: 0.06, wave: 'sine' }],
  cashout: [
    { hz: 660, at: 0, length: 0.07, wave: 'triangle' },
    { hz: 880, at: 0.06, length: 0.07, wave: 'triangle' },
    { hz: 1320, at: 0.12, length: 0.14, wave: 'triangle' },
  ],
};

/** What a bet shown on screen sounds like: a multi-step round's gem or cash-out, or a plain win or loss. */
export function soundForBet(bet: Pick<BetView, 'state' | 'outcome'>): SoundName | null {
  const steps = (bet.outcome as { revealed?: unknown } | null)?.revealed;
  const multiStep = Array.isArray(steps);
  if (bet.state === 'open') return multiStep && steps.length > 0 ? 'reveal' : null;
  if (bet.state === 'won') return multiStep ? 'cashout' : 'win';
  if (bet.state === 'refunded') return null;
  return 'lose';
}

let context: AudioContext | null = null;

export function playSound(name: SoundName): void {
  if (muted.get() || volume.get() === 0 || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    const now = context.currentTime;
    for (const note of NOTES[name]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = note.wave;
      oscillator.frequency.value = note.hz;
      // A quick fade in and out: a hard start or stop clicks.
      gain.gain.setValueAtTime(0, now + note.at);
      gain.gain.linearRampToValueAtTime(peakGain(volume.get()), now + note.at + 0.005);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + note.at + note.length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + note.at);
      oscillator.stop(now + note.at + note.length + 0.02);
    }
  } catch {
    // No audio device or a refused context: the game plays on silently.
  }
}
