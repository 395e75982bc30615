import { useSyncExternalStore } from 'react';

export type AuthTab = 'login' | 'register';

interface AuthModalState {
  opened: boolean;
  tab: AuthTab;
}

let state: AuthModalState = { opened: false, tab: 'login' };
const listeners = new Set<() => void>();

function set(next: AuthModalState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function openAuthModal(tab: AuthTab): void {
  set({ opened: true, tab });
}

export function setAuthTab(tab: AuthTab): void {
  set({ ...state, tab });
}

export function closeAuthModal(): void {
  set({ ...state, opened: false });
}

export function useAuthModal(): AuthModalState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
