import type { Role } from './auth.schemas.js';

/** The signed-in user as the rest of the server sees it (ctx.user). */
export interface AuthUser {
  id: number;
  loginName: string;
  publicUsername: string;
  email: string;
  currency: string;
  role: Role;
  emailVerified: boolean;
  createdAt: Date;
}

/** The user object on the tRPC wire; balances are exact decimal strings. */
export interface UserView {
  id: number;
  loginName: string;
  publicUsername: string;
  email: string;
  currency: string;
  balance: string;
  bzuBalance: string;
  emailVerified: boolean;
  role: Role;
  isAdmin: boolean;
  isModerator: boolean;
  createdAt: string;
}

export interface SessionView {
  id: string;
  current: boolean;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

export interface UserRowLike {
  id: number;
  login_name: string;
  public_username: string;
  email: string;
  currency: string;
  role: Role;
  email_verified_at: Date | null;
  created_at: Date;
}

export function toAuthUser(row: UserRowLike): AuthUser {
  return {
    id: row.id,
    loginName: row.login_name,
    publicUsername: row.public_username,
    email: row.email,
    currency: row.currency,
    role: row.role,
    emailVerified: row.email_verified_at !== null,
    createdAt: new Date(row.created_at),
  };
}

export function toUserView(user: AuthUser, balances: { balance: string; bzuBalance: string }): UserView {
  return {
    id: user.id,
    loginName: user.loginName,
    publicUsername: user.publicUsername,
    email: user.email,
    currency: user.currency,
    balance: balances.balance,
    bzuBalance: balances.bzuBalance,
    emailVerified: user.emailVerified,
    role: user.role,
    isAdmin: user.role === 'admin',
    isModerator: user.role === 'moderator',
    createdAt: user.createdAt.toISOString(),
  };
}

export function isStaff(user: Pick<AuthUser, 'role'>): boolean {
  return user.role === 'moderator' || user.role === 'admin';
}
