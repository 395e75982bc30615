import { describe, expect, it } from 'vitest';
import { StatementNamer } from './prepared-statements.js';

describe('StatementNamer', () => {
  it('names a text on its fifth run and keeps that name', () => {
    const namer = new StatementNamer();
    const text = 'select 1 where $1::int = 1';
    for (let run = 1; run < 5; run += 1) expect(namer.nameFor(text)).toBeUndefined();
    const name = namer.nameFor(text);
    expect(name).toMatch(/^bzu_\d+$/);
    expect(namer.nameFor(text)).toBe(name);
    expect(namer.nameFor(`${text} `)).toBeUndefined();
  });

  it('never names a text whose columns are "every column" (a migration would change them under it)', () => {
    const namer = new StatementNamer({ promoteAfter: 1 });
    for (const text of [
      'select * from users where id = $1',
      'select "users".*, s.id from sessions s where s.id = $1',
      'update t set a = $1 returning *',
    ]) {
      expect(namer.nameFor(text)).toBeUndefined();
      expect(namer.nameFor(text)).toBeUndefined();
    }
    expect(namer.nameFor('select count(*) from users where id = $1')).toMatch(/^bzu_/);
    expect(namer.nameFor('select a * $1 from t')).toMatch(/^bzu_/);
    expect(namer.size).toBe(2);
  });

  it('gives different texts different names', () => {
    const namer = new StatementNamer({ promoteAfter: 1 });
    const names = ['a $1', 'b $1', 'c $1'].map((text) => namer.nameFor(text));
    expect(new Set(names).size).toBe(3);
  });

  it('names at most `limit` texts, however many are frequent', () => {
    const namer = new StatementNamer({ promoteAfter: 1, limit: 5 });
    const names = Array.from({ length: 50 }, (_, i) => namer.nameFor(`select $1 in (${i})`));
    expect(names.filter(Boolean)).toHaveLength(5);
    expect(namer.size).toBe(5);
    expect(namer.nameFor('select $1 in (0)')).toBe(names[0]);
  });

  it('forgets the counts of rare texts once it tracks `tracked` of them', () => {
    const namer = new StatementNamer({ promoteAfter: 2, tracked: 3 });
    namer.nameFor('a $1');
    for (const text of ['b $1', 'c $1', 'd $1']) namer.nameFor(text);
    // "a" was counted once, then the counts started over: its next run is its first again.
    expect(namer.nameFor('a $1')).toBeUndefined();
    expect(namer.nameFor('a $1')).toMatch(/^bzu_/);
  });
});
