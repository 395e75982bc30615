/**
 * Staff roles and what each may do (issue 43; the table in docs/operations.md "Staff roles").
 * One permission per kind of staff work; every staff procedure names the permission it needs
 * (trpc/auth.middleware.ts `permitted`), so a role's reach is read here, in one place.
 */
export const STAFF_ROLES = ['admin', 'finance', 'support', 'risk', 'moderator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** Every value of `users.role`: players are `user`. */
export const ALL_ROLES = ['user', ...STAFF_ROLES] as const;
export type Role = (typeof ALL_ROLES)[number];

export const PERMISSIONS = {
  /** The withdrawal queues (pending, approved, sending) with each one's risk checks. */
  'withdrawals.read': ['admin', 'finance', 'risk'],
  /** Approve, reject, record a payout's txid, mark a payout failed. */
  'withdrawals.decide': ['admin', 'finance'],
  /** The risk review a high-score withdrawal needs before finance may approve it. */
  'withdrawals.review': ['admin', 'risk'],
  /** Ledgers, the ledger check and custody: the money's books. */
  'ledger.read': ['admin', 'finance'],
  /** Reports (GGR, NGR, deposits, players, burn) and their CSV. */
  'reports.read': ['admin', 'finance'],
  /** Realised RTP against published RTP per game. */
  'rtp.read': ['admin', 'finance', 'risk'],
  /** A player's file and the player search. */
  'players.read': ['admin', 'finance', 'support', 'risk'],
  /** Notes on a player's file. */
  'players.note': ['admin', 'support', 'risk'],
  /** Limits, exclusions and who hit a limit. */
  'protection.read': ['admin', 'support', 'risk'],
  /** The sportsbook console: fixtures, odds, settlement. */
  'sports.manage': ['admin'],
  /** Game providers' configuration. */
  'providers.manage': ['admin'],
  /** Providers' daily figures and reconciliation. */
  'providers.read': ['admin', 'finance'],
  /** Chat: delete, mute, slow mode, the moderation log. */
  'chat.moderate': ['admin', 'moderator'],
  /** Chat announcements. */
  'chat.announce': ['admin'],
  /** Staff accounts and their roles. */
  'staff.manage': ['admin'],
  /** The audit log of staff actions. */
  'audit.read': ['admin', 'risk'],
  /** Promotions: what exists and what it cost. */
  'promotions.read': ['admin', 'finance'],
  /** Promotions: create, pause, resume, end, settle now. */
  'promotions.manage': ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Permission = keyof typeof PERMISSIONS;

export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

export function mayDo(role: string, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly string[]).includes(role);
}

/** Every permission a role holds: what the console shows it. */
export function permissionsOf(role: string): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => mayDo(role, permission));
}
