/** Whether a keydown belongs to the focused control (typing, a button's own space) rather than a game shortcut. */
export function keyTakenByTarget(event: KeyboardEvent): boolean {
  if (event.repeat || event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target as HTMLElement | null;
  if (!target || target === document.body) return false;
  return Boolean(
    target.closest('input, textarea, select, button, a, [role="button"], [role="slider"], [role="tab"], [role="radio"], [contenteditable="true"], [role="dialog"]'),
  );
}
