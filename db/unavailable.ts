/**
 * The one place that decides whether an error means "the database cannot be reached right now"
 * (refused, gone, timed out, shutting down, starting up) rather than a bug. Both transports map such
 * errors to 503 Service unavailable; the pool reconnects by itself once Postgres answers again.
 */

/** Socket-level failures reaching the server (TCP or Unix socket). */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** SQLSTATEs the server sends while it cannot serve (besides the whole class 08, connection exception). */
const UNAVAILABLE_SQLSTATE = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
  '57P05', // idle_session_timeout
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
  '53000', // insufficient_resources
]);

/** What node-postgres and the pool throw when a connection never came up or broke mid-way. */
const UNAVAILABLE_MESSAGE =
  /timeout exceeded when trying to connect|Connection terminated|connection timeout|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Wrappers (TRPCError, AggregateError of a multi-address connect) keep the driver's error as cause.
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    if (typeof current !== 'object') return false;
    const candidate = current as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    // ENOENT only from connect(): the Unix socket file is gone because the server is stopped.
    const socketMissing = code === 'ENOENT' && (current as { syscall?: unknown }).syscall === 'connect';
    if (socketMissing || UNAVAILABLE_ERRNO.has(code) || UNAVAILABLE_SQLSTATE.has(code) || /^08[0-9A-Z]{3}$/.test(code))
      return true;
    if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGE.test(candidate.message)) return true;
    if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = candidate.cause;
  }
  return false;
}
