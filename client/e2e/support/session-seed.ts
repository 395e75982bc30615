import type { BrowserContext } from 'playwright-core';

/** What the client's session store reads from localStorage at boot: the bearer token and the user's profile. */
export interface StoredSession {
  token: string;
  user: unknown;
}

/**
 * Starts every page of the context signed in. Only while localStorage is empty: later navigations keep
 * what the page itself stored (live balances, a logout), as a returning player's browser would.
 */
export async function seedSession(context: BrowserContext, session: StoredSession): Promise<void> {
  await context.addInitScript(
    ({ token, user }) => {
      // Only the app's own document: a framed page of another origin (a provider's game) has no access to it.
      if (window !== window.top) return;
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify(user));
      }
    },
    { token: session.token, user: session.user },
  );
}
