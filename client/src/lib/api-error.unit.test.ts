import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { errorCode, errorMessage, toApiError } from './api-error';

function trpcError(data: Record<string, unknown>): TRPCClientError<never> {
  return TRPCClientError.from({ error: { message: 'Refused', code: -32600, data } });
}

describe('errorCode: the one reading of a failed call', () => {
  it("prefers the server's domain code over the tRPC code", () => {
    expect(errorCode(trpcError({ code: 'BAD_REQUEST', httpStatus: 400, domainCode: 'INSUFFICIENT_FUNDS' }))).toBe(
      'INSUFFICIENT_FUNDS',
    );
  });

  it('falls back to the tRPC code when the server sent no domain code', () => {
    expect(errorCode(trpcError({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 }))).toBe('TOO_MANY_REQUESTS');
  });

  it('reads the same code after toApiError (the details keep the data)', () => {
    const api = toApiError(trpcError({ code: 'UNAUTHORIZED', httpStatus: 401, domainCode: 'TWO_FACTOR_REQUIRED' }));
    expect(errorCode(api)).toBe('TWO_FACTOR_REQUIRED');
    expect(errorCode({ status: 400, message: 'x', details: { domainCode: 'PASSWORD_TOO_COMMON' } })).toBe(
      'PASSWORD_TOO_COMMON',
    );
  });

  it('has no code for failures that never reached the server or are not errors at all', () => {
    for (const failure of [
      new TypeError('Failed to fetch'),
      new Error('boom'),
      null,
      undefined,
      'text',
      { data: { domainCode: 7 } },
    ]) {
      expect(errorCode(failure)).toBeUndefined();
    }
  });

  it("shows the server's own message", () => {
    expect(errorMessage(trpcError({ code: 'BAD_REQUEST', httpStatus: 400 }))).toBe('Refused');
  });
});
