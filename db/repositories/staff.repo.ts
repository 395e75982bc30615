import { sql, type Kysely } from 'kysely';
import type { Database, UserRole } from '../schema.js';

type Executor = Kysely<Database>;

export interface StaffMemberRow {
  id: number;
  loginName: string;
  publicUsername: string;
  role: string;
}

const columns = ['id', 'login_name', 'public_username', 'role'] as const;
const toMember = (row: { id: number; login_name: string; public_username: string; role: string }) => ({
  id: row.id,
  loginName: row.login_name,
  publicUsername: row.public_username,
  role: row.role,
});

export async function listByRoles(db: Executor, roles: readonly UserRole[]): Promise<StaffMemberRow[]> {
  const rows = await db
    .selectFrom('users')
    .select(columns)
    .where('role', 'in', [...roles])
    .orderBy('id')
    .execute();
  return rows.map(toMember);
}

/** The user by id or login name (case-insensitive), locked until the transaction ends. */
export async function lockUser(
  db: Executor,
  who: { id: number } | { loginName: string },
): Promise<StaffMemberRow | undefined> {
  const row = await db
    .selectFrom('users')
    .select(columns)
    .where((eb) => ('id' in who ? eb('id', '=', who.id) : eb(sql`lower(login_name)`, '=', who.loginName.toLowerCase())))
    .forUpdate()
    .executeTakeFirst();
  return row ? toMember(row) : undefined;
}

export async function updateRole(db: Executor, userId: number, role: UserRole): Promise<StaffMemberRow> {
  const row = await db
    .updateTable('users')
    .set({ role, updated_at: new Date() })
    .where('id', '=', userId)
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toMember(row);
}

export async function userExists(db: Executor, userId: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}
