import { trpcClient } from '../../trpc';
import type { SessionUser } from './session-store';

export interface LoginInput {
  /** Username or e-mail address. */
  loginName: string;
  password: string;
  /** The second step, for accounts with two-factor authentication on. */
  twoFactorCode?: string;
}

export interface RegisterInput {
  email: string;
  loginName: string;
  /** Already defaulted to loginName when the form left it empty. */
  publicUsername: string;
  password: string;
  currency: string;
  /** The referral code the visitor arrived with, if any. */
  ref?: string;
}

export interface AuthResult {
  token: string;
  user: SessionUser | null;
}

/**
 * Every server call the auth screens make. The forms, the session restore and Log Out go
 * through this object only; each method is one accounts procedure (auth.login, auth.register,
 * auth.me, ...). Failures are the tRPC client's errors; callers turn them into ApiError with
 * toApiError (spec section 8).
 */
export interface AuthApi {
  login(input: LoginInput): Promise<AuthResult>;
  register(input: RegisterInput): Promise<AuthResult>;
  fetchProfile(): Promise<SessionUser>;
  /** Changes the display name (the legacy "change username"); answers the updated user. */
  changeDisplayName(publicUsername: string): Promise<SessionUser>;
  logout(): Promise<void>;
  confirmEmail(token: string): Promise<void>;
  resendVerification(email: string): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  resetPassword(token: string, password: string): Promise<void>;
}

/** Calls the accounts procedures (auth.*) through the app's one tRPC client. */
export const authApi: AuthApi = {
  async login({ loginName, password, twoFactorCode }) {
    const { token, user } = await trpcClient.auth.login.mutate({ login: loginName, password, twoFactorCode });
    return { token, user };
  },
  async register({ email, loginName, publicUsername, password, currency, ref }) {
    const result = await trpcClient.auth.register.mutate({ email, loginName, publicUsername, password, currency, ref });
    // With e-mail verification on there is no token: the account is not signed in yet.
    return { token: result.token ?? '', user: result.user };
  },
  fetchProfile: () => trpcClient.auth.me.query(),
  changeDisplayName: (publicUsername) => trpcClient.auth.changeDisplayName.mutate({ publicUsername }),
  async logout() {
    await trpcClient.auth.logout.mutate();
  },
  async confirmEmail(token) {
    await trpcClient.auth.confirmEmail.mutate({ token });
  },
  async resendVerification(email) {
    await trpcClient.auth.resendVerification.mutate({ email });
  },
  async requestPasswordReset(email) {
    await trpcClient.auth.forgotPassword.mutate({ email });
  },
  async resetPassword(token, password) {
    await trpcClient.auth.resetPassword.mutate({ token, password });
  },
};
