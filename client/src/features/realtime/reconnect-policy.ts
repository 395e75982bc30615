/**
 * When the realtime socket reconnects (spec section 4 and 9): 5 s after a close, unless the tab is
 * hidden; at once when a hidden tab becomes visible again. Pure decisions, no timers here.
 */
export interface ConnectionFacts {
  /** A user is signed in, so the socket should be open. */
  wanted: boolean;
  /** document.visibilityState === 'hidden'. */
  hidden: boolean;
  /** A socket is open or being opened right now. */
  active: boolean;
}

export type ReconnectDecision =
  { action: 'none' } | { action: 'connect-now' } | { action: 'retry-after'; delayMs: number };

/** After the socket closed without being asked to. */
export function afterClose(facts: Omit<ConnectionFacts, 'active'>, delayMs: number): ReconnectDecision {
  if (!facts.wanted || facts.hidden) return { action: 'none' };
  return { action: 'retry-after', delayMs };
}

/** When the retry timer fires: a tab that went hidden meanwhile waits until it is visible. */
export function onRetryTimer(facts: ConnectionFacts): ReconnectDecision {
  return facts.wanted && !facts.hidden && !facts.active ? { action: 'connect-now' } : { action: 'none' };
}

/** When the tab's visibility changed. */
export function onVisibilityChange(facts: ConnectionFacts): ReconnectDecision {
  return facts.wanted && !facts.hidden && !facts.active ? { action: 'connect-now' } : { action: 'none' };
}
