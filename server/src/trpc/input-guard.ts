/**
 * Checks every procedure's raw input before its schema sees it. Two kinds of input used to get
 * past the schemas and fail later as a 500: JSON nested thousands deep (recursive walks over it,
 * in zod and in error formatting, overflow the stack) and a NUL character in a string (Postgres
 * refuses U+0000 in text, so a name with one failed in the query, not in validation).
 */

/** No procedure takes input nested deeper than a handful of levels; this leaves room to grow. */
export const MAX_INPUT_DEPTH = 32;

/** Why the input is refused, or null when it may go on to the schema. Walks without recursion. */
export function inputProblem(input: unknown): string | null {
  const pending: { value: unknown; depth: number }[] = [{ value: input, depth: 0 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'Input must not contain NUL characters';
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return `Input is nested more than ${MAX_INPUT_DEPTH} levels deep`;
    const children = Array.isArray(value) ? value : Object.entries(value).flat();
    for (const child of children) pending.push({ value: child, depth: depth + 1 });
  }
  return null;
}
