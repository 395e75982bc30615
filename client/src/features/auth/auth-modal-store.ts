import { createStore, useStore } from '../../lib/external-store';

export type AuthTab = 'login' | 'register';

interface AuthModalState {
  opened: boolean;
  tab: AuthTab;
}

const authModal = createStore<AuthModalState>({ opened: false, tab: 'login' });

export function openAuthModal(tab: AuthTab): void {
  authModal.set({ opened: true, tab });
}

export function setAuthTab(tab: AuthTab): void {
  authModal.set((state) => ({ ...state, tab }));
}

export function closeAuthModal(): void {
  authModal.set((state) => ({ ...state, opened: false }));
}

export function useAuthModal(): AuthModalState {
  return useStore(authModal);
}
