import { describe, expect, it } from 'vitest';
import { WEBSOCKET_RECONNECT_DELAY_MS } from '../../constants';
import { afterClose, onRetryTimer, onVisibilityChange } from './reconnect-policy';

describe('reconnect policy', () => {
  it('retries 5 s after a close while the tab is visible', () => {
    expect(WEBSOCKET_RECONNECT_DELAY_MS).toBe(5000);
    expect(afterClose({ wanted: true, hidden: false }, WEBSOCKET_RECONNECT_DELAY_MS)).toEqual({
      action: 'retry-after',
      delayMs: 5000,
    });
  });

  it('does not retry while the tab is hidden, or when nobody is signed in', () => {
    expect(afterClose({ wanted: true, hidden: true }, 5000)).toEqual({ action: 'none' });
    expect(afterClose({ wanted: false, hidden: false }, 5000)).toEqual({ action: 'none' });
  });

  it('reconnects at once when the tab becomes visible without a socket', () => {
    expect(onVisibilityChange({ wanted: true, hidden: false, active: false })).toEqual({ action: 'connect-now' });
    expect(onVisibilityChange({ wanted: true, hidden: false, active: true })).toEqual({ action: 'none' });
    expect(onVisibilityChange({ wanted: true, hidden: true, active: false })).toEqual({ action: 'none' });
    expect(onVisibilityChange({ wanted: false, hidden: false, active: false })).toEqual({ action: 'none' });
  });

  it('a retry timer that fires in a hidden tab waits for visibility', () => {
    expect(onRetryTimer({ wanted: true, hidden: true, active: false })).toEqual({ action: 'none' });
    expect(onRetryTimer({ wanted: true, hidden: false, active: false })).toEqual({ action: 'connect-now' });
    expect(onRetryTimer({ wanted: false, hidden: false, active: false })).toEqual({ action: 'none' });
  });
});
