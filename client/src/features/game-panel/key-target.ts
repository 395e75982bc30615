/** What a keydown carries that decides whether it is a shortcut (a KeyboardEvent, or a plain object in unit tests). */
export interface KeyLike {
  code: string;
  key: string;
  repeat: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

const TAKES_KEYS =
  'input, textarea, select, button, a, [role="button"], [role="slider"], [role="tab"], [role="radio"], [role="switch"], [contenteditable="true"], [role="dialog"]';

/**
 * Whether a keydown belongs to the focused control (typing, a button's own space, an open dialog) or is held down
 * or modified, rather than a game shortcut. Shared by the panel's hotkeys and a table's own keys (blackjack).
 */
export function keyTakenByTarget(event: KeyLike): boolean {
  if (event.repeat || event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target as { closest?: (selector: string) => unknown } | null;
  return Boolean(target && typeof target.closest === 'function' && target.closest(TAKES_KEYS));
}
