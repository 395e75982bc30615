import type { StaffActor } from '../domain/staff/audit-log.js';
import type { Context } from './context.js';
import { middleware } from './init.js';

/** The signed-in staff member and the request's address and browser: who a service's own audit line names. */
export function staffActor(ctx: { user: { id: number; role: string }; ip: string; userAgent?: string }): StaffActor {
  return { id: ctx.user.id, role: ctx.user.role, ip: ctx.ip, userAgent: ctx.userAgent ?? null };
}

/** What an audited action changed: the log's target, and the stored row its before and after are read from. */
export interface AuditTarget {
  type: string;
  id: string | number | null;
  /** The row to snapshot before and after; without one (a creation), `after` is the procedure's answer. */
  row?: { table: string; key: Record<string, string | number> };
}

/**
 * Writes the staff audit log line (domain/staff/audit-log.ts) of a mutation that succeeded: who (the signed-in
 * staff member), from where (address, browser), and the target's row before and after. Chained after `.input()`:
 * `target` reads the validated input. A refused or failed mutation changed nothing and writes no line.
 */
export function audited<I>(action: string, target: (input: I) => AuditTarget) {
  return middleware(async ({ ctx, input, next }) => {
    const { user } = ctx as Context & { user?: { id: number; role: string } };
    const log = ctx.services.backOffice.audit;
    const aim = target(input as I);
    const read = () => (aim.row ? log.snapshot(aim.row.table, aim.row.key) : Promise.resolve(null));
    const before = await read();
    const result = await next();
    if (result.ok) {
      const after = aim.row ? await read() : result.data;
      await log.record(
        { id: user?.id ?? null, role: user?.role ?? 'unknown', ip: ctx.ip, userAgent: ctx.userAgent ?? null },
        { action, target: { type: aim.type, id: aim.id }, before, after },
      );
    }
    return result;
  });
}
