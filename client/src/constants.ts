/**
 * Client-side constants from section 9 of the specification, in one place so that
 * behaviour (and the tests that check it) can point at a single number.
 */

/** Widths at or below this are "mobile": no sidebar or chat panel, a bottom tab bar instead. */
export const MOBILE_BREAKPOINT_PX = 1000;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** Query cache policy. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_GC_TIME_MS = 30 * 60 * 1000;
export const QUERY_RETRY_COUNT = 1;
export const MUTATION_RETRY_COUNT = 0;
export const REFETCH_ON_WINDOW_FOCUS = false;

export const HTTP_TIMEOUT_MS = 10_000;
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;
export const HEALTH_CHECK_PATH = '/auth/status';
/** A route chunk that has not arrived after this long is treated as a failed load. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const NOTIFICATION_AUTO_CLOSE_MS = 5_000;
export const ERROR_PAGE_REDIRECT_MS = 5_000;
/** Embedded game pages may replace the tab icon; it is put back this often. */
export const FAVICON_RESET_INTERVAL_MS = 2_000;
export const FAVICON_HREF = '/favicon.svg';

export const WEBSOCKET_RECONNECT_DELAY_MS = 5_000;
export const TOKEN_PRICE_REFRESH_MS = 20_000;
export const TOKEN_PRICE_PREFETCH_STALE_MS = 30_000;
export const TOKEN_PRICE_DECIMALS = 7;

export const CHAT_MAX_LENGTH = 200;
export const CHAT_WARN_LENGTH = 150;
export const CHAT_POLL_INTERVAL_MS = 3_000;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

export const DEFAULT_CURRENCY = 'USD';

/** The chat panel is 80 spacing units of 4 px. */
export const CHAT_PANEL_WIDTH_PX = 320;
export const SIDEBAR_WIDTH_PX = 260;
export const HEADER_HEIGHT_PX = 64;
export const MOBILE_TAB_BAR_HEIGHT_PX = 64;

/** Placeholders the header shows until the server provides real values (spec section 2). */
export const HEADER_PLACEHOLDERS = {
  balance: '0',
  bzuBalance: '0',
  rank: 'Unranked',
  experience: 30,
  experienceTarget: 100,
} as const;

export const APP_NAME = 'BZU';
export const DEFAULT_APP_VERSION = '1.0.0';

/** localStorage keys. 'token' and 'user' are fixed by the spec (section 4). */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  sidebarCollapsed: 'bzu.sidebarCollapsed',
  chatOpen: 'bzu.chatOpen',
  theme: 'bzu.theme',
} as const;

/** While the tab is visible the server's health is rechecked this often, so an outage shows without a click. */
export const HEALTH_POLL_INTERVAL_MS = 30_000;
/**
 * Failed checks in a row before the maintenance cover shows: one answer past the 2 s timeout on a busy machine is not
 * an outage. A stopped server refuses at once, so three checks a second apart still cover the app within ~3 s.
 */
export const HEALTH_OUTAGE_CONFIRMATIONS = 3;
export const HEALTH_RECHECK_DELAY_MS = 1_000;
/** While the cover is up the server is asked this often, so the cover goes by itself soon after it answers again. */
export const HEALTH_DOWN_POLL_INTERVAL_MS = 3_000;
