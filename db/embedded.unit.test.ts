import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { embeddedDatabaseUrl, embeddedLayout } from './embedded.js';

describe('embedded PostgreSQL layout', () => {
  it('keeps data in DATA_DIR/pg and the socket in DATA_DIR/run', () => {
    const layout = embeddedLayout('/srv/bzu/.data');
    expect(layout.pgData).toBe('/srv/bzu/.data/pg');
    expect(layout.socketDir).toBe('/srv/bzu/.data/run');
    expect(embeddedDatabaseUrl('/srv/bzu/.data')).toBe(
      'postgresql://postgres@localhost/postgres?host=%2Fsrv%2Fbzu%2F.data%2Frun&port=5432',
    );
  });

  it('moves the socket to a short per-DATA_DIR folder under the temp dir when the path would not fit in a socket address', () => {
    const long = path.join('/srv', 'x'.repeat(120), '.data');
    const layout = embeddedLayout(long);
    expect(layout.pgData).toBe(path.join(long, 'pg'));
    expect(layout.socketDir.startsWith(os.tmpdir()) || layout.socketDir.startsWith('/tmp')).toBe(true);
    expect(Buffer.byteLength(path.join(layout.socketDir, '.s.PGSQL.5432.lock'))).toBeLessThanOrEqual(100);
    // Every process of one instance computes the same folder; another DATA_DIR gets another.
    expect(embeddedLayout(long).socketDir).toBe(layout.socketDir);
    expect(embeddedLayout(`${long}2`).socketDir).not.toBe(layout.socketDir);
  });
});
