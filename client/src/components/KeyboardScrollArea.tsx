import { ScrollArea, type ScrollAreaProps } from '@mantine/core';

/**
 * What makes a ScrollArea's viewport scrollable by keyboard (WCAG 2.1.1, axe's scrollable-region-focusable): it takes
 * focus (tabIndex 0), so a table wider than a phone, or a long list, moves with the arrow keys like the page does, and
 * `label` names the region for the screen reader that lands on it. Also for Table.ScrollContainer's scrollAreaProps.
 */
export function keyboardScroll(label: string): Pick<ScrollAreaProps, 'viewportProps'> {
  return { viewportProps: { tabIndex: 0, 'aria-label': label, role: 'region' } as ScrollAreaProps['viewportProps'] };
}

/** A ScrollArea a keyboard can scroll (keyboardScroll). */
export function KeyboardScrollArea({ label, ...props }: ScrollAreaProps & { label: string }) {
  return <ScrollArea type="auto" {...props} {...keyboardScroll(label)} />;
}
