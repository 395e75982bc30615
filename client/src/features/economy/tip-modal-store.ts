import { useSyncExternalStore } from 'react';

export interface TipDraft {
  recipient: string;
  amount?: string;
  currency?: 'USD' | 'BZU';
  private?: boolean;
  /** Why the modal opened with a draft, e.g. the server asked for the 2FA code. */
  notice?: string;
}

let state: TipDraft | null = null;
const listeners = new Set<() => void>();

function set(next: TipDraft | null): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Opens the tip modal (from a chat name's menu, or after `/tip` needs a 2FA code). */
export function openTipModal(draft: TipDraft): void {
  set(draft);
}

export function closeTipModal(): void {
  set(null);
}

export function useTipModal(): TipDraft | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
