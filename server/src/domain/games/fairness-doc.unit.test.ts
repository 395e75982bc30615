import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderTables, withTables } from './fairness-doc.js';

describe('docs/fairness.md', () => {
  it('shows exactly the tables and exact RTPs of the code (npm run docs:fairness regenerates them)', () => {
    const document = readFileSync(new URL('../../../../docs/fairness.md', import.meta.url), 'utf8');
    expect(withTables(document)).toBe(document);
    expect(document).toContain('| 16 | 1000 · 130 · 26 · 9 · 4 · 2 · 0.2');
    expect(document).toContain('| 4 (pays 4:1) | 9 | 97.3076% |');
  });

  it('renders one row per plinko (rows, risk) and keno (risk, picks) table', () => {
    const rows = renderTables()
      .split('\n')
      .filter((line) => /^\| \d+ \|/.test(line));
    expect(rows).toHaveLength(9 * 3 + 10 * 4);
    expect(rows.every((line) => /\| (98\.9\d{3}|99\.0000)% \|/.test(line))).toBe(true);
  });
});
