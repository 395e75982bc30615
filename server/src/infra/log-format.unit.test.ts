import { describe, expect, it } from 'vitest';
import { chooseLogFormat, prettyDestination, prettyLine } from './log-format.js';

describe('log format', () => {
  it('prints readable lines to a terminal and JSON anywhere else', () => {
    expect(chooseLogFormat({ isTTY: true })).toBe('pretty');
    expect(chooseLogFormat({ isTTY: false })).toBe('json');
    expect(chooseLogFormat({})).toBe('json');
  });

  it('turns a pino record into one line with level, name, message and fields', () => {
    const time = new Date(2026, 0, 2, 12, 1, 2).getTime();
    const line = prettyLine(
      {
        level: 40,
        time,
        pid: 1,
        hostname: 'h',
        name: 'server',
        msg: 'slow request',
        path: '/api/x',
        ms: 12,
        note: 'two words',
      },
      false,
    );
    expect(line).toBe('12:01:02 WARN  server: slow request path=/api/x ms=12 note="two words"\n');
  });

  it('puts an error stack under its line and passes non-JSON through', () => {
    const printed: string[] = [];
    const destination = prettyDestination({ write: (text: string) => printed.push(text) }, false);
    destination.write(
      JSON.stringify({
        level: 50,
        time: 0,
        msg: 'request failed',
        err: { message: 'boom', stack: 'Error: boom\n  at x' },
      }),
    );
    destination.write('not json\n');
    expect(printed[0]).toContain('ERROR request failed\n    Error: boom\n      at x');
    expect(printed[1]).toBe('not json\n');
  });
});
