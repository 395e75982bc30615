import type { UserView } from '../domain/auth/auth.views.js';

/** The user object of API.md: both spellings of each name, balances as JSON numbers. */
export interface LegacyUser {
  id: number;
  username: string;
  loginName: string;
  public_username: string;
  publicUsername: string;
  email: string;
  currency: string;
  balance: number;
  bzuBalance: number;
  emailVerified: boolean;
  role: UserView['role'];
  isAdmin: boolean;
  isModerator: boolean;
  createdAt: string;
}

export function toLegacyUser(user: UserView): LegacyUser {
  return {
    id: user.id,
    username: user.loginName,
    loginName: user.loginName,
    public_username: user.publicUsername,
    publicUsername: user.publicUsername,
    email: user.email,
    currency: user.currency,
    balance: Number(user.balance),
    bzuBalance: Number(user.bzuBalance),
    emailVerified: user.emailVerified,
    role: user.role,
    isAdmin: user.isAdmin,
    isModerator: user.isModerator,
    createdAt: user.createdAt,
  };
}
