import { STORAGE_KEYS } from '../../constants';
import { useStoredValue } from '../../lib/stored-value';

function useRememberedFlag(key: string, defaultValue: boolean): [boolean, () => void] {
  const [value, setValue] = useStoredValue(
    key,
    (text) => (text === null ? defaultValue : text === 'true'),
    (flag) => (flag ? 'true' : 'false'),
  );
  return [value, () => setValue((current) => !current)];
}

export function useSidebarCollapsed() {
  return useRememberedFlag(STORAGE_KEYS.sidebarCollapsed, false);
}

/** The chat panel is open by default (spec section 2, "Layout"). */
export function useChatOpen() {
  return useRememberedFlag(STORAGE_KEYS.chatOpen, true);
}
