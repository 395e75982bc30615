/**
 * How log lines leave the process: JSON (one object a line, for collectors and files) unless
 * stdout is a terminal, where a person reads them (`npm start`): then one readable line each,
 * "12:01:02 INFO  server: listening port=5001". No pino-pretty: that needs a worker thread per
 * logger, and these few lines are all a terminal needs.
 */
export type LogFormat = 'json' | 'pretty';

export function chooseLogFormat(stdout: { isTTY?: boolean }): LogFormat {
  return stdout.isTTY ? 'pretty' : 'json';
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLOURS: Record<number, string> = { 10: '90', 20: '36', 30: '32', 40: '33', 50: '31', 60: '35' };
/** pino's own fields, shown in the line's head rather than as key=value. */
const OWN_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg']);

function printable(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

/** One pino JSON record as a terminal line (with its error stack below, when there is one). */
export function prettyLine(record: Record<string, unknown>, colour = true): string {
  const level = typeof record.level === 'number' ? record.level : 30;
  const time = new Date(typeof record.time === 'number' ? record.time : Date.now()).toTimeString().slice(0, 8);
  const label = (LEVELS[level] ?? String(level)).padEnd(5);
  const head = colour ? `\u001b[${COLOURS[level] ?? '0'}m${label}\u001b[0m` : label;
  const fields: string[] = [];
  let stack = '';
  for (const [key, value] of Object.entries(record)) {
    if (OWN_FIELDS.has(key) || value === undefined) continue;
    const error = value as { stack?: unknown; message?: unknown } | null;
    if ((key === 'err' || key === 'error') && error && typeof error === 'object' && typeof error.stack === 'string') {
      stack = `\n    ${error.stack.replaceAll('\n', '\n    ')}`;
      continue;
    }
    fields.push(`${key}=${printable(value)}`);
  }
  const name = typeof record.name === 'string' ? `${record.name}: ` : '';
  return `${time} ${head} ${name}${String(record.msg ?? '')}${fields.length ? ` ${fields.join(' ')}` : ''}${stack}\n`;
}

/** A pino destination that prints each JSON line readably on `out`. */
export function prettyDestination(
  out: { write(text: string): unknown },
  colour: boolean,
): { write(line: string): void } {
  return {
    write(line) {
      try {
        out.write(prettyLine(JSON.parse(line) as Record<string, unknown>, colour));
      } catch {
        out.write(line);
      }
    },
  };
}
