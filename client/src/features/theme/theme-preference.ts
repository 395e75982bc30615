import { STORAGE_KEYS } from '../../constants';
import { useStoredValue } from '../../lib/stored-value';
import { DEFAULT_THEME, isThemeName, type ThemeName } from '../../theme';
import { useFeatures } from '../config/use-app-config';

/** The stored choice, remembered even while the switcher is off. */
export function useStoredTheme(): [ThemeName, (theme: ThemeName) => void] {
  const [stored, setStored] = useStoredValue<ThemeName>(
    STORAGE_KEYS.theme,
    (text) => (isThemeName(text) ? text : DEFAULT_THEME),
    (theme) => theme,
  );
  return [stored, setStored];
}

/** The theme in force: the visitor's choice only when the theme switcher feature is on. */
export function useActiveTheme(): ThemeName {
  const { themeSwitcher } = useFeatures();
  const [stored] = useStoredTheme();
  return themeSwitcher ? stored : DEFAULT_THEME;
}
