import { useSyncExternalStore } from 'react';

let opened = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  opened = next;
  for (const listener of listeners) listener();
}

/** The header's Vault button and the account menu's Vault item open the one vault modal. */
export function openVaultModal(): void {
  set(true);
}

export function closeVaultModal(): void {
  set(false);
}

export function useVaultModal(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => opened,
  );
}
