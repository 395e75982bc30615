import type { TooltipProps } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { afterStyles } from '../after-styles';

/**
 * Mantine's Tooltip, loaded after the first paint: it brings floating-ui (~15 KB compressed), too
 * much for the first screen's budget (issue #17). The children render bare until then; when the
 * tooltip arrives it wraps them, which mounts them anew, so a keyboard user's focus on them is
 * carried over (it would otherwise drop to the page body mid-Tab).
 */
export function LazyTooltip(props: TooltipProps) {
  const wrapper = useRef<HTMLSpanElement>(null);
  const hadFocus = useRef(false);
  const [Tooltip, setTooltip] = useState<ComponentType<TooltipProps> | null>(null);

  useEffect(() => {
    let mounted = true;
    void afterStyles(() => import('./tooltip-chunk')).then((module) => {
      if (!mounted) return;
      hadFocus.current = Boolean(wrapper.current?.contains(document.activeElement));
      setTooltip(() => module.Tooltip);
    });
    return () => {
      mounted = false;
    };
  }, []);

  useLayoutEffect(() => {
    if (!Tooltip || !hadFocus.current) return;
    hadFocus.current = false;
    wrapper.current?.querySelector<HTMLElement>('a, button, input, [tabindex]')?.focus();
  }, [Tooltip]);

  return (
    <span ref={wrapper} style={{ display: 'contents' }}>
      {Tooltip ? <Tooltip {...props} /> : props.children}
    </span>
  );
}
