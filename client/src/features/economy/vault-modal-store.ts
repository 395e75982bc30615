import { createStore, useStore } from '../../lib/external-store';

const vaultModal = createStore(false);

/** The header's Vault button and the account menu's Vault item open the one vault modal. */
export function openVaultModal(): void {
  vaultModal.set(true);
}

export function closeVaultModal(): void {
  vaultModal.set(false);
}

export function useVaultModal(): boolean {
  return useStore(vaultModal);
}
