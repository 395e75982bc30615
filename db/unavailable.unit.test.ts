import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.js';

function errno(code: string, syscall = 'connect'): Error {
  return Object.assign(new Error(`${syscall} ${code}`), { code, syscall });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['refused TCP connection', errno('ECONNREFUSED')],
    ['missing Unix socket', errno('ENOENT')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['connection lost mid-query', new Error('Connection terminated unexpectedly')],
    [
      'admin shutdown (57P01)',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    ['starting up (57P03)', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['connection exception class 08', Object.assign(new Error('connection failure'), { code: '08006' })],
    [
      'statement timeout (57014)',
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    ],
    ['wrapped in a TRPCError', new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: errno('ECONNREFUSED') })],
    ['inside an AggregateError', new AggregateError([errno('ECONNREFUSED')], 'connect failed')],
  ])('%s is unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
    ['a missing file (not a socket connect)', errno('ENOENT', 'open')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['nothing', undefined],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
