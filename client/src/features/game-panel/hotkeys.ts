/**
 * Game hotkeys, as on the anchors: off until the player turns them on (a stray key must never bet), and never
 * while typing or while a control that takes the key has focus.
 */
import { browserFlag } from './browser-flag';
import { keyTakenByTarget, type KeyLike } from './key-target';

const flag = browserFlag('bzu.hotkeys', false);
export const useHotkeysEnabled = flag.use;
export const setHotkeysEnabled = flag.set;

export type HotkeyAction = 'bet' | 'halve' | 'double' | 'zero' | 'flip' | 'cashout';

/** The keys the help panel lists, in its order; `flip` and `cashout` only where the game has them. */
export const HOTKEYS: readonly { key: string; code: string; action: HotkeyAction; label: string }[] = [
  { key: 'Space', code: 'Space', action: 'bet', label: 'Bet (start or stop an autobet on the Auto tab)' },
  { key: 'S', code: 'KeyS', action: 'halve', label: 'Halve the bet amount' },
  { key: 'D', code: 'KeyD', action: 'double', label: 'Double the bet amount' },
  { key: 'A', code: 'KeyA', action: 'zero', label: 'Set the bet amount to zero' },
  { key: 'F', code: 'KeyF', action: 'flip', label: 'Dice: flip roll over / roll under' },
  { key: 'C', code: 'KeyC', action: 'cashout', label: 'Mines: cash out' },
];

/** The action a keydown asks for, or null (unknown key, a modifier held, a held-down repeat, or focus in a control). */
export function hotkeyAction(event: KeyLike): HotkeyAction | null {
  const hotkey = HOTKEYS.find((entry) => entry.code === event.code || (entry.code === 'Space' && event.key === ' '));
  if (!hotkey || keyTakenByTarget(event)) return null;
  return hotkey.action;
}
