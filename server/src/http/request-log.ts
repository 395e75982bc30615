import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../infra/logger.js';

/** What code on a request's path logs with: its lines carry the request (id, method, redacted URL, headers). */
export type RequestLogger = Pick<Logger, 'error' | 'warn' | 'info'>;

declare module 'http' {
  interface IncomingMessage {
    /** Set by app.ts's first middleware: every line about this request carries it. */
    id?: string;
    /** Set by requestLog. */
    log?: RequestLogger;
  }
}

export interface RequestLogOptions {
  /** Requests that get no "request completed" line (their failures are still logged). */
  ignore(req: IncomingMessage): boolean;
}

/** Query parameters whose values are secrets (tokens of e-mailed links, codes, passwords). */
const SECRET_PARAM = /token|code|pass|secret|otp|key|signature/i;

/** The URL as logged: secret-looking query values replaced by [REDACTED]. */
function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const at = url.indexOf('?');
  if (at < 0) return url;
  const parts = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return eq >= 0 && SECRET_PARAM.test(decoded) ? `${name}=[REDACTED]` : pair;
    });
  return `${url.slice(0, at)}?${parts.join('&')}`;
}

/** The request as a log line's `req` field: what pino-http's serializer gave, without the parsed query and params. */
function requestFields(req: IncomingMessage & { originalUrl?: string }) {
  return {
    id: req.id,
    method: req.method,
    url: redactUrl(req.originalUrl ?? req.url),
    headers: req.headers,
    remoteAddress: req.socket.remoteAddress,
    remotePort: req.socket.remotePort,
  };
}

/**
 * The child logger bound to one request, made on its first line. pino serializes a child's bindings when the child
 * is made (the request's headers, redacted), which cost every API call ~25 µs while almost none of them writes a
 * line below the info level: now only a request that logs pays it.
 */
class LazyRequestLogger implements RequestLogger {
  private child: Logger | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly req: IncomingMessage,
  ) {}

  private get bound(): Logger {
    return (this.child ??= this.logger.child({ req: requestFields(this.req) }));
  }

  error(...args: Parameters<Logger['error']>): void {
    this.bound.error(...args);
  }

  warn(...args: Parameters<Logger['warn']>): void {
    this.bound.warn(...args);
  }

  info(...args: Parameters<Logger['info']>): void {
    this.bound.info(...args);
  }
}

/**
 * The access log: `req.log` for the request's own lines, and one "request completed" line at info when the response
 * is done (or the connection went first), with the status, the response headers and the time taken. Replaces
 * pino-http with the same lines; nothing is built for a line the level leaves out.
 */
export function requestLog(
  logger: Logger,
  options: RequestLogOptions,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    req.log = new LazyRequestLogger(logger, req);
    if (!options.ignore(req)) {
      const started = Date.now();
      res.once('close', () => logCompleted(logger, req, res, started));
    }
    next();
  };
}

function logCompleted(logger: Logger, req: IncomingMessage, res: ServerResponse, started: number): void {
  if (!logger.isLevelEnabled('info')) return;
  const fields = { res: { statusCode: res.statusCode, headers: res.getHeaders() }, responseTime: Date.now() - started };
  if (res.statusCode >= 500)
    req.log!.info({ ...fields, err: new Error(`failed with status code ${res.statusCode}`) }, 'request errored');
  else req.log!.info(fields, res.writableFinished ? 'request completed' : 'request aborted');
}
