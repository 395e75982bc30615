import type { TooltipProps } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { afterStyles } from '../after-styles';

// Mantine's Tooltip brings floating-ui (~15 KB compressed). The first screen renders its children
// bare; the tooltip wraps them as soon as its chunk arrives, moments after the first paint.
const Tooltip = lazy(() => afterStyles(() => import('./tooltip-chunk')).then((module) => ({ default: module.Tooltip })));

/** Mantine's Tooltip, loaded after the first paint (issue #17's initial-load budget). */
export function LazyTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
