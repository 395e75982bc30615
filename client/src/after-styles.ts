/**
 * Starts loading the complete Mantine stylesheet at boot (it is not in index.html, so it never
 * holds the first paint) and lets the components that load after the first paint wait for it:
 * they would otherwise flash unstyled (mantine-first-screen.css has only the first screen's part).
 */
const stylesReady: Promise<unknown> = import('./mantine-styles').catch(() => undefined);

/** A dynamic import that resolves only once the complete stylesheet has arrived. */
export function afterStyles<T>(load: () => Promise<T>): Promise<T> {
  return stylesReady.then(load);
}
