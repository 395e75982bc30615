import type { Db } from '../../../../db/client.js';
import {
  insertStaffAction,
  listStaffActions,
  rowSnapshot,
  type StaffAuditEntry,
  type StaffAuditFilter,
} from '../../../../db/repositories/staff-audit.repo.js';

/** Who did it and from where: the signed-in staff member and the request's address and browser. */
export interface StaffActor {
  id: number | null;
  role: string;
  ip?: string | null;
  userAgent?: string | null;
}

export interface StaffAction {
  /** Dotted name of what was done: `withdrawal.approve`, `user.role`, `chat.mute`, `sports.settleMarket`. */
  action: string;
  target: { type: string; id: string | number | null };
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one line of the staff audit log (issue 43). Any module whose staff action changes something calls this,
 * inside its own transaction when it has one (pass the transaction as `db`), so the line and the change commit
 * together. The table is append-only: nothing can rewrite a line once written.
 */
export function recordStaffAction(db: Db, actor: StaffActor, action: StaffAction): Promise<string> {
  return insertStaffAction(db, {
    actorId: actor.id,
    actorRole: actor.role,
    action: action.action,
    targetType: action.target.type,
    targetId: action.target.id === null ? null : String(action.target.id),
    ip: actor.ip ?? null,
    userAgent: actor.userAgent ?? null,
    before: action.before,
    after: action.after,
  });
}

export class StaffAuditLog {
  constructor(private readonly db: Db) {}

  record(actor: StaffActor, action: StaffAction): Promise<string> {
    return recordStaffAction(this.db, actor, action);
  }

  list(filter: StaffAuditFilter): Promise<StaffAuditEntry[]> {
    return listStaffActions(this.db, filter);
  }

  /** A target's stored state (secrets left out): what an audited action's before and after are read from. */
  snapshot(table: string, key: Record<string, string | number>): Promise<Record<string, unknown> | null> {
    return rowSnapshot(this.db, table, key);
  }
}

/** The operator at the command line (`npm run cli -- ...`): no staff account, the role `cli`. */
export const CLI_ACTOR: StaffActor = { id: null, role: 'cli' };

/**
 * Runs a staff change and writes its audit line in the same transaction, so a crash between the two cannot leave a
 * change without its line. `change` does its writes on `trx` and returns what it answers and the line (its before
 * and after read inside the transaction).
 */
export function withStaffAudit<T>(
  db: Db,
  actor: StaffActor,
  change: (trx: Db) => Promise<{ result: T; action: StaffAction }>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const { result, action } = await change(trx);
    await recordStaffAction(trx, actor, action);
    return result;
  });
}

/** A row as the audit log keeps it (secrets left out), read with the change's transaction. */
export function auditSnapshot(
  db: Db,
  table: string,
  key: Record<string, string | number>,
): Promise<Record<string, unknown> | null> {
  return rowSnapshot(db, table, key);
}
