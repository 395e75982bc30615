import { z } from 'zod';
import { ROLES } from '../domain/auth/auth.schemas.js';
import type { UserView } from '../domain/auth/auth.views.js';

/** LegacyUser on the wire: the OpenAPI document's `User` schema. */
export const legacyUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    loginName: z.string(),
    public_username: z.string(),
    publicUsername: z.string(),
    email: z.string(),
    currency: z.string(),
    balance: z.number(),
    bzuBalance: z.number(),
    emailVerified: z.boolean(),
    role: z.enum(ROLES),
    isAdmin: z.boolean(),
    isModerator: z.boolean(),
    createdAt: z.string(),
  })
  .strict()
  .meta({ id: 'User' });

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
