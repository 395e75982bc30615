import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

type Executor = Kysely<Database>;

/** A user's TOTP secret (sealed) and when 2FA was turned on (null: set up but not confirmed). */
export interface TwoFactorRow {
  secret_enc: string;
  enabled_at: Date | null;
}

export function findTwoFactor(db: Executor, userId: number): Promise<TwoFactorRow | undefined> {
  return db
    .selectFrom('user_two_factor')
    .select(['secret_enc', 'enabled_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function countUnusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stores a new pending secret (replacing an unconfirmed one); false while 2FA is on, which keeps its secret. */
export async function storePendingSecret(
  db: Executor,
  userId: number,
  sealedSecret: string,
  at: Date,
): Promise<boolean> {
  const stored = await db
    .insertInto('user_two_factor')
    .values({ user_id: userId, secret_enc: sealedSecret })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret_enc: sealedSecret, last_used_step: null, created_at: at })
        .where('user_two_factor.enabled_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  return stored !== undefined;
}

/**
 * Turns 2FA on with a fresh set of recovery codes (their digests), in one transaction; false when it was
 * already on (nothing changes then).
 */
export async function enableTwoFactor(
  db: Executor,
  userId: number,
  recoveryCodeHashes: string[],
  at: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const enabled = await trx
      .updateTable('user_two_factor')
      .set({ enabled_at: at })
      .where('user_id', '=', userId)
      .where('enabled_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    if (!enabled) return false;
    await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('two_factor_recovery_codes')
      .values(recoveryCodeHashes.map((codeHash) => ({ user_id: userId, code_hash: codeHash })))
      .execute();
    return true;
  });
}

/** Removes the secret and the recovery codes. */
export async function deleteTwoFactor(db: Executor, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
  });
}

/**
 * Records `step` as the last accepted TOTP time step; false when that step or a later one was already accepted.
 * Atomic: of two requests with the same code, only one moves the step forward.
 */
export async function advanceTotpStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const accepted = await db
    .updateTable('user_two_factor')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .returning('user_id')
    .executeTakeFirst();
  return accepted !== undefined;
}

/** Marks the unused recovery code with this digest used; false when there is none. */
export async function useRecoveryCode(db: Executor, userId: number, codeHash: string, at: Date): Promise<boolean> {
  const used = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}
