import { STORAGE_KEYS } from '../../constants';
import { createStore, useStore } from '../../lib/external-store';
import { DEFAULT_THEME, isThemeName, type ThemeName } from '../../theme';
import { useFeatures } from '../config/use-app-config';

const storedTheme = createStore<ThemeName>(DEFAULT_THEME, {
  key: STORAGE_KEYS.theme,
  decode: (text) => (isThemeName(text) ? text : undefined),
  encode: (theme) => theme,
});

/** The stored choice, remembered even while the switcher is off. */
export function useStoredTheme(): [ThemeName, (theme: ThemeName) => void] {
  return [useStore(storedTheme), storedTheme.set];
}

/** The theme in force: the visitor's choice only when the theme switcher feature is on. */
export function useActiveTheme(): ThemeName {
  const { themeSwitcher } = useFeatures();
  const [stored] = useStoredTheme();
  return themeSwitcher ? stored : DEFAULT_THEME;
}
