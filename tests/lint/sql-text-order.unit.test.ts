import { describe, expect, it } from 'vitest';
import { textOrderOffencesIn, textOrderOffencesUnder } from './sql-text-order.js';

const offences = (source: string) => textOrderOffencesIn('example.repo.ts', source).map((offence) => offence.alias);

describe('no list sorts by a text alias of a number', () => {
  it('rejects ORDER BY on a ::text alias, in a template, through a fragment and in a kysely chain', () => {
    expect(offences('sql`select id::text as id from rounds order by id desc limit ${n}`')).toEqual(['id']);
    expect(offences('sql`select sum(x)::text as "total" from t group by g order by "total"`')).toEqual(['total']);
    expect(
      offences(
        'const columns = sql`id::text as id, game`;\nconst q = sql`select ${columns} from rounds where game = ${g} order by id`;',
      ),
    ).toEqual(['id']);
    expect(
      offences("db.selectFrom('t').select(sql<string>`count(*)::text`.as('n')).groupBy('g').orderBy('n').execute()"),
    ).toEqual(['n']);
  });

  it('accepts a qualified or cast-free order, and a text alias that is not sorted on', () => {
    expect(offences('sql`select id::text as id from rounds order by rounds.id desc`')).toEqual([]);
    expect(offences('sql`select id::text as round_id from rounds order by id desc`')).toEqual([]);
    expect(offences('sql`select id from rounds order by id desc`')).toEqual([]);
    expect(offences('sql`select id::text as id from rounds where id < ${x}`')).toEqual([]);
  });

  it('finds none in the real repositories, server, worker and scripts', () => {
    const found = textOrderOffencesUnder(['db', 'server/src', 'worker/src', 'scripts']);
    expect(found.files).toBeGreaterThan(200);
    expect(found.offences).toEqual([]);
  });
});
