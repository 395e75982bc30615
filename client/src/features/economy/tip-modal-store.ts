import { createStore, useStore } from '../../lib/external-store';

export interface TipDraft {
  recipient: string;
  amount?: string;
  currency?: 'USD' | 'BZU';
  private?: boolean;
  /** Why the modal opened with a draft, e.g. the server asked for the 2FA code. */
  notice?: string;
}

const tipModal = createStore<TipDraft | null>(null);

/** Opens the tip modal (from a chat name's menu, or after `/tip` needs a 2FA code). */
export function openTipModal(draft: TipDraft): void {
  tipModal.set(draft);
}

export function closeTipModal(): void {
  tipModal.set(null);
}

export function useTipModal(): TipDraft | null {
  return useStore(tipModal);
}
