import { STORAGE_KEYS } from '../../constants';
import { createStore, useStore, type Store } from '../../lib/external-store';

function rememberedFlag(key: string, defaultValue: boolean): Store<boolean> {
  return createStore(defaultValue, {
    key,
    decode: (text) => (text === 'true' ? true : text === 'false' ? false : undefined),
    encode: String,
  });
}

const sidebarCollapsed = rememberedFlag(STORAGE_KEYS.sidebarCollapsed, false);
/** The chat panel is open by default (spec section 2, "Layout"). */
const chatOpen = rememberedFlag(STORAGE_KEYS.chatOpen, true);

function useToggle(flag: Store<boolean>): [boolean, () => void] {
  return [useStore(flag), () => flag.set((current) => !current)];
}

export function useSidebarCollapsed() {
  return useToggle(sidebarCollapsed);
}

export function useChatOpen() {
  return useToggle(chatOpen);
}
