import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants';

/** Page sizes offered; the spec's default 20 and maximum 100. */
export const PAGE_SIZES = [PAGE_SIZE_DEFAULT, 50, PAGE_SIZE_MAX] as const;

/** A page size from the URL or a control: whole, at least 1, at most 100; the default otherwise. */
export function parsePageSize(value: unknown): number {
  const number =
    typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : typeof value === 'number' ? value : NaN;
  if (!Number.isInteger(number) || number < 1) return PAGE_SIZE_DEFAULT;
  return Math.min(number, PAGE_SIZE_MAX);
}

/**
 * Keyset pages: the server hands out `nextCursor`; going back needs the cursors of the pages
 * before. `cursors[i]` opens page i + 1 (the first page has none).
 */
export interface CursorTrail {
  cursors: (string | undefined)[];
}

export const FIRST_PAGE: CursorTrail = { cursors: [undefined] };

export function currentCursor(trail: CursorTrail): string | undefined {
  return trail.cursors[trail.cursors.length - 1];
}

export function pageNumber(trail: CursorTrail): number {
  return trail.cursors.length;
}

export function nextPage(trail: CursorTrail, nextCursor: string | null | undefined): CursorTrail {
  return nextCursor ? { cursors: [...trail.cursors, nextCursor] } : trail;
}

export function previousPage(trail: CursorTrail): CursorTrail {
  return trail.cursors.length > 1 ? { cursors: trail.cursors.slice(0, -1) } : trail;
}

/** validateSearch of the deposits and withdrawals lists: `?page=N` (a whole number from 1), else nothing. */
export function pageSearch(search: Record<string, unknown>): { page?: number } {
  const page = Number(search.page);
  return Number.isInteger(page) && page > 1 && page <= 100_000 ? { page } : {};
}

/** "1 deposit", "12 withdrawals": the list's total under its heading. */
export function totalLabel(total: number, plural: string): string {
  return `${total} ${total === 1 ? plural.replace(/s$/, '') : plural}`;
}
