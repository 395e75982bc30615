import { useLocalStorage } from '@mantine/hooks';
import { STORAGE_KEYS } from '../../constants';

function useRememberedFlag(key: string, defaultValue: boolean): [boolean, () => void] {
  // Read synchronously: the first paint must already have the remembered layout, or it would jump.
  const [value, setValue] = useLocalStorage<boolean>({
    key,
    defaultValue,
    getInitialValueInEffect: false,
    serialize: (flag) => (flag ? 'true' : 'false'),
    deserialize: (raw) => (raw === undefined ? defaultValue : raw === 'true'),
  });
  return [value, () => setValue((current) => !current)];
}

export function useSidebarCollapsed() {
  return useRememberedFlag(STORAGE_KEYS.sidebarCollapsed, false);
}

/** The chat panel is open by default (spec section 2, "Layout"). */
export function useChatOpen() {
  return useRememberedFlag(STORAGE_KEYS.chatOpen, true);
}
