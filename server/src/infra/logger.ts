import { pino, type Logger } from 'pino';
import { chooseLogFormat, prettyDestination } from './log-format.js';

export type { Logger };

/** What no log line may carry: credentials in request headers, and any password or token field. */
export const LOG_REDACTION = {
  paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
  remove: true,
};

export function createLogger(level: string, name: string): Logger {
  const options = { level, name, redact: LOG_REDACTION };
  // A terminal gets readable lines (npm start); pipes, files and collectors get JSON.
  if (chooseLogFormat(process.stdout) === 'pretty')
    return pino(options, prettyDestination(process.stdout, !process.env.NO_COLOR));
  return pino(options);
}
