import type { ApiError } from '../../lib/api-error';
import type { SessionUser } from './session-store';

export interface LoginInput {
  /** Username or e-mail address. */
  loginName: string;
  password: string;
}

export interface RegisterInput {
  email: string;
  loginName: string;
  /** Already defaulted to loginName when the form left it empty. */
  publicUsername: string;
  password: string;
  currency: string;
}

export interface AuthResult {
  token: string;
  user: SessionUser | null;
}

/**
 * Every server call the auth screens make. The forms, the session restore and Log Out go
 * through this object only, so connecting the accounts procedures (auth.login, auth.register,
 * auth.me, ...) means replacing these bodies and nothing else. Until then each call fails
 * with a clear message instead of pretending to succeed.
 */
export interface AuthApi {
  login(input: LoginInput): Promise<AuthResult>;
  register(input: RegisterInput): Promise<AuthResult>;
  fetchProfile(): Promise<SessionUser>;
  logout(): Promise<void>;
  confirmEmail(token: string): Promise<void>;
  resendVerification(email: string): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  resetPassword(token: string, password: string): Promise<void>;
}

export const ACCOUNTS_UNAVAILABLE_MESSAGE = 'Accounts are not available yet. Please try again later.';

function notConnected(): Promise<never> {
  const error: ApiError = { status: 501, message: ACCOUNTS_UNAVAILABLE_MESSAGE };
  return Promise.reject(error);
}

export const authApi: AuthApi = {
  login: notConnected,
  register: notConnected,
  fetchProfile: notConnected,
  logout: () => Promise.resolve(),
  confirmEmail: notConnected,
  resendVerification: notConnected,
  requestPasswordReset: notConnected,
  resetPassword: notConnected,
};
