import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderTowerTable, withTowerTable } from './tower-doc.js';

describe('docs/fairness.md: tower', () => {
  it('shows exactly the multipliers and exact RTP of the code (write-doc.ts regenerates them)', () => {
    const document = readFileSync(new URL('../../../../../docs/fairness.md', import.meta.url), 'utf8');
    expect(withTowerTable(document)).toBe(document);
    expect(document).toContain(
      '| 1 | 1.3200x (75.0000%) | 1.4850x (66.6666%) | 1.9800x (50.0000%) | 2.9700x (33.3333%) |',
    );
  });

  it('renders nine levels, and one exact RTP for all of them: 99%', () => {
    const table = renderTowerTable();
    expect(table.split('\n').filter((line) => /^\| \d \|/.test(line))).toHaveLength(9);
    expect(table).toContain('| 9 | 13.1851x (7.5084%) | 38.0589x (2.6012%) | 506.8800x (0.1953%) | 19486.1700x');
    expect(table).toContain('any difficulty: 99.0000% (');
  });
});
