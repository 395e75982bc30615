import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds } from '../http/json-depth.js';
import { inputProblem, MAX_INPUT_DEPTH } from './input-guard.js';

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('input guard', () => {
  it(`lets input up to ${MAX_INPUT_DEPTH} levels through and refuses deeper input without overflowing the stack`, () => {
    expect(inputProblem(nested(MAX_INPUT_DEPTH))).toBeNull();
    expect(inputProblem(nested(MAX_INPUT_DEPTH + 1))).toMatch(/nested more than 32 levels/);
    expect(inputProblem(nested(100_000))).toMatch(/nested more than/);
  });

  it('refuses a NUL character in any string, keys included', () => {
    expect(inputProblem({ a: ['ok', { b: 'x\u0000' }] })).toBe('Input must not contain NUL characters');
    expect(inputProblem({ ['k\u0000']: 1 })).toBe('Input must not contain NUL characters');
    expect(inputProblem({ a: 'fine', n: 1, t: true, z: null, u: undefined })).toBeNull();
    expect(inputProblem(undefined)).toBeNull();
  });
});

describe('JSON depth on the raw body', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it('counts brackets outside strings only', () => {
    expect(jsonDepthExceeds(bytes('{"a":[[1]]}'), 3)).toBe(false);
    expect(jsonDepthExceeds(bytes('{"a":[[[1]]]}'), 3)).toBe(true);
    expect(jsonDepthExceeds(bytes(`{"a":"${'['.repeat(50)}"}`), 3)).toBe(false);
    expect(jsonDepthExceeds(bytes(`{"a":"\\"${'{'.repeat(50)}"}`), 3)).toBe(false);
    expect(jsonDepthExceeds(bytes(`{"a\\\\":[[[[1]]]]}`), 3)).toBe(true);
  });
});
