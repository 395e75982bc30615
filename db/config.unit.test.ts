import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../server/src/env.js';
import { loadDatabaseLocation } from './config.js';

describe('loadDatabaseLocation (db:migrate)', () => {
  it('reads DATABASE_URL and DATA_DIR the way the server configuration does', () => {
    const source = { DATABASE_URL: 'postgres://u@127.0.0.1:5432/x', DATA_DIR: 'some/dir' };
    const env = loadEnv(source);
    expect(loadDatabaseLocation(source)).toEqual({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
    expect(loadDatabaseLocation(source).dataDir).toBe(path.resolve('some/dir'));
  });

  it('treats empty variables as unset and defaults to .data', () => {
    expect(loadDatabaseLocation({ DATABASE_URL: '', DATA_DIR: '' })).toEqual({
      databaseUrl: undefined,
      dataDir: path.resolve('.data'),
    });
  });

  it('names the variable when the URL is invalid', () => {
    expect(() => loadDatabaseLocation({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
