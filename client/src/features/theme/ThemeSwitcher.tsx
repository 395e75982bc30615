import { SegmentedControl } from '@mantine/core';
import { THEME_LABELS, THEME_NAMES, isThemeName } from '../../theme';
import { useFeatures } from '../config/use-app-config';
import { useStoredTheme } from './theme-preference';

/** Shown only when the server turns the theme switcher feature on. */
export function ThemeSwitcher() {
  const { themeSwitcher } = useFeatures();
  const [theme, setTheme] = useStoredTheme();
  if (!themeSwitcher) return null;
  return (
    <SegmentedControl
      size="xs"
      aria-label="Theme"
      value={theme}
      onChange={(value) => isThemeName(value) && setTheme(value)}
      data={THEME_NAMES.map((name) => ({ value: name, label: THEME_LABELS[name] }))}
    />
  );
}
