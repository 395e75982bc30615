/**
 * The complete Mantine stylesheet is not in index.html (it must not hold the first paint) and is
 * fetched once the first screen is up (`firstScreenShown`, called when the router has rendered
 * the first route; at the latest after FALLBACK_MS), so on a slow link it does not share the
 * bandwidth with the page's own code. The components that load after the first paint (search,
 * tooltips, toasts, user menu, chat, forms) wait for it: they would otherwise flash unstyled
 * (mantine-first-screen.css has only the first screen's part).
 */
const FALLBACK_MS = 4_000;

let shown: () => void = () => undefined;
const firstScreen = new Promise<void>((resolve) => {
  shown = resolve;
});
const fallback = setTimeout(() => shown(), FALLBACK_MS);

const stylesReady: Promise<unknown> = firstScreen.then(() => import('./mantine-styles')).catch(() => undefined);

/** The first route has rendered: the deferred styles and chunks may load now. */
export function firstScreenShown(): void {
  clearTimeout(fallback);
  shown();
}

/** A dynamic import that resolves only once the complete stylesheet has arrived. */
export function afterStyles<T>(load: () => Promise<T>): Promise<T> {
  return stylesReady.then(load);
}
