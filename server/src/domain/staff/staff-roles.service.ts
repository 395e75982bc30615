import type { Db } from '../../../../db/client.js';
import { listByRoles, lockUser, updateRole, type StaffMemberRow } from '../../../../db/repositories/staff.repo.js';
import { DomainError } from '../errors.js';
import { recordStaffAction, type StaffActor } from './audit-log.js';
import { STAFF_ROLES, type Role } from './roles.schemas.js';

export type StaffMember = StaffMemberRow;

/** Who is staff, and role changes: each change and its audit line commit together. */
export class StaffRolesService {
  constructor(private readonly db: Db) {}

  list(): Promise<StaffMember[]> {
    return listByRoles(this.db, STAFF_ROLES);
  }

  /**
   * Gives a user a role. `actor` is the admin in the console, or the operator at the CLI (`id` null, role `cli`):
   * either way the change is in the audit log.
   */
  async setRole(actor: StaffActor, who: { id: number } | { loginName: string }, role: Role): Promise<StaffMember> {
    // An admin demoting themselves could leave nobody able to give the role back.
    if ('id' in who && who.id === actor.id)
      throw new DomainError('BAD_REQUEST', 'You cannot change your own role', { code: 'OWN_ROLE' });
    return this.db.transaction().execute(async (trx) => {
      const before = await lockUser(trx, who);
      const name = 'id' in who ? `id ${who.id}` : `login name ${who.loginName}`;
      if (!before) throw new DomainError('NOT_FOUND', `No user with ${name}`, { code: 'USER_NOT_FOUND' });
      const after = await updateRole(trx, before.id, role);
      await recordStaffAction(trx, actor, {
        action: 'user.role',
        target: { type: 'user', id: before.id },
        before: { role: before.role },
        after: { role: after.role },
      });
      return after;
    });
  }
}
