import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, UserRole, UsersTable } from '../schema.js';

export type UserRow = Selectable<UsersTable>;
type Executor = Kysely<Database>;

export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findUserByLoginName(db: Executor, loginName: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(login_name)`, '=', loginName.toLowerCase())
    .executeTakeFirst();
}

/** Which of the unique values are already taken, case-insensitively. */
export async function findUserConflicts(
  db: Executor,
  values: { email: string; loginName: string; publicUsername: string },
): Promise<{ email: boolean; loginName: boolean; publicUsername: boolean }> {
  const rows = await db
    .selectFrom('users')
    .select(['email', 'login_name', 'public_username'])
    .where((eb) =>
      eb.or([
        eb(sql`lower(email)`, '=', values.email.toLowerCase()),
        eb(sql`lower(login_name)`, '=', values.loginName.toLowerCase()),
        eb(sql`lower(public_username)`, '=', values.publicUsername.toLowerCase()),
      ]),
    )
    .execute();
  return {
    email: rows.some((row) => row.email.toLowerCase() === values.email.toLowerCase()),
    loginName: rows.some((row) => row.login_name.toLowerCase() === values.loginName.toLowerCase()),
    publicUsername: rows.some((row) => row.public_username.toLowerCase() === values.publicUsername.toLowerCase()),
  };
}

export function insertUser(
  db: Executor,
  values: {
    loginName: string;
    publicUsername: string;
    email: string;
    passwordHash: string;
    currency: string;
    emailVerifiedAt: Date | null;
  },
): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      login_name: values.loginName,
      public_username: values.publicUsername,
      email: values.email,
      password_hash: values.passwordHash,
      currency: values.currency,
      email_verified_at: values.emailVerifiedAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateDisplayName(db: Executor, id: number, publicUsername: string): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ public_username: publicUsername, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function updatePasswordHash(
  db: Executor,
  id: number,
  passwordHash: string,
  options: { markVerified?: boolean } = {},
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      password_changed_at: sql`now()`,
      updated_at: sql`now()`,
      ...(options.markVerified ? { email_verified_at: sql`coalesce(email_verified_at, now())` } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Replaces the digest only if it is still the one that was verified (a concurrent change wins). */
export async function rehashPassword(db: Executor, id: number, oldHash: string, newHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: newHash })
    .where('id', '=', id)
    .where('password_hash', '=', oldHash)
    .execute();
}

export function markEmailVerified(db: Executor, id: number): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ email_verified_at: sql`coalesce(email_verified_at, now())`, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function setUserRole(db: Executor, loginName: string, role: UserRole): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ role, updated_at: sql`now()` })
    .where(sql`lower(login_name)`, '=', loginName.toLowerCase())
    .returningAll()
    .executeTakeFirst();
}
