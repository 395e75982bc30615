import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';

/** The spec's three themes; magenta is the default. */
export const THEME_NAMES = ['magenta', 'dark', 'shuffle'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
export const DEFAULT_THEME: ThemeName = 'magenta';

export const THEME_LABELS: Record<ThemeName, string> = {
  magenta: 'Magenta',
  dark: 'Dark',
  shuffle: 'Shuffle',
};

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}

/** Semantic colours every theme defines (spec section 3, "Themes"). */
export interface ThemePalette {
  background: string;
  surface: string;
  text: string;
  textMuted: string;
  accent: string;
  border: string;
  input: string;
  card: string;
  success: string;
  error: string;
  warning: string;
  info: string;
}

interface ThemeDefinition {
  /** Mantine's dark scheme draws surfaces from the `dark` tuple: 0 text ... 7 body, 9 deepest. */
  dark: MantineColorsTuple;
  brand: MantineColorsTuple;
  palette: ThemePalette;
}

const definitions: Record<ThemeName, ThemeDefinition> = {
  magenta: {
    dark: [
      '#f1e6f4',
      '#d6c3dd',
      '#a88fb3',
      '#7f6a8a',
      '#54405f',
      '#432f4e',
      '#321f3b',
      '#24152c',
      '#1b0f22',
      '#120a17',
    ],
    brand: [
      '#ffe8f6',
      '#ffcfe8',
      '#fc9dcf',
      '#f967b4',
      '#f63c9d',
      '#f5218f',
      '#e0107f',
      '#c40070',
      '#ac0063',
      '#940055',
    ],
    palette: {
      background: '#24152c',
      surface: '#1b0f22',
      text: '#f1e6f4',
      textMuted: '#a88fb3',
      accent: '#e0107f',
      border: '#432f4e',
      input: '#321f3b',
      card: '#2b1a34',
      success: '#40c057',
      error: '#fa5252',
      warning: '#fab005',
      info: '#4dabf7',
    },
  },
  dark: {
    dark: [
      '#e4e6eb',
      '#c1c4cc',
      '#8b909c',
      '#6a6f7b',
      '#434751',
      '#363a43',
      '#2a2d35',
      '#1e2026',
      '#17191e',
      '#101114',
    ],
    brand: [
      '#e7f5ff',
      '#d0ebff',
      '#a5d8ff',
      '#74c0fc',
      '#4dabf7',
      '#339af0',
      '#228be6',
      '#1c7ed6',
      '#1971c2',
      '#1864ab',
    ],
    palette: {
      background: '#1e2026',
      surface: '#17191e',
      text: '#e4e6eb',
      textMuted: '#8b909c',
      accent: '#228be6',
      border: '#363a43',
      input: '#2a2d35',
      card: '#24262d',
      success: '#40c057',
      error: '#fa5252',
      warning: '#fab005',
      info: '#4dabf7',
    },
  },
  shuffle: {
    dark: [
      '#e3e6f3',
      '#c5cae0',
      '#9097b5',
      '#6b7295',
      '#444a66',
      '#353b55',
      '#292e44',
      '#1e2234',
      '#171a29',
      '#10121d',
    ],
    brand: [
      '#f3f0ff',
      '#e5dbff',
      '#d0bfff',
      '#b197fc',
      '#9775fa',
      '#845ef7',
      '#7950f2',
      '#7048e8',
      '#6741d9',
      '#5f3dc4',
    ],
    palette: {
      background: '#1e2234',
      surface: '#171a29',
      text: '#e3e6f3',
      textMuted: '#9097b5',
      accent: '#7950f2',
      border: '#353b55',
      input: '#292e44',
      card: '#242940',
      success: '#51cf66',
      error: '#ff6b6b',
      warning: '#fcc419',
      info: '#74c0fc',
    },
  },
};

export function buildTheme(name: ThemeName): MantineThemeOverride {
  const { dark, brand, palette } = definitions[name];
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { dark, brand },
    defaultRadius: 'md',
    // Keyboard users get a visible ring; mouse clicks do not.
    focusRing: 'auto',
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
    other: { palette },
    // A modal's or drawer's close button (an icon) is named, so a screen reader says what it does (WCAG 4.1.2).
    // Plain objects rather than Modal.extend(): the theme is in the first load, the modal code is not.
    components: {
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    },
  });
}

/** Exposes the palette as --bzu-* variables so plain CSS can follow the active theme. */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const palette = theme.other.palette as ThemePalette;
  const variables: Record<string, string> = {};
  for (const [key, value] of Object.entries(palette)) {
    variables[`--bzu-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`] = value;
  }
  return { variables, light: {}, dark: { '--mantine-color-body': palette.background } };
};
