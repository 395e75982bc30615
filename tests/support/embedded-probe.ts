/**
 * Starts the embedded PostgreSQL under the DATA_DIR given as argument, runs one query and stops it,
 * printing what it saw as JSON: run by db/embedded.int.test.ts as an unprivileged user.
 */
import { statSync } from 'node:fs';
import { sql } from 'kysely';
import { createDb } from '../../db/client.js';
import { startEmbeddedPostgres } from '../../db/embedded.js';

const server = await startEmbeddedPostgres(process.argv[2]!);
const db = createDb({ url: server.url });
const { rows } = await sql<{ user: string; answer: number }>`select current_user as user, 41 + 1 as answer`.execute(db);
await db.destroy();
const owner = statSync(server.layout.pgData).uid;
await server.stop();
console.log(JSON.stringify({ ...rows[0], owner, uid: process.getuid?.() }));
