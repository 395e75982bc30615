import { Router, type Request } from 'express';
import { legacyHandler, type ContextForRequest } from './legacy-handler.js';
import { toLegacyUser } from './legacy-user.js';

/** The JSON body as a plain object; anything else (missing, array, string) reads as empty. */
function body(req: Request): Record<string, unknown> {
  const value: unknown = req.body;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function queryString(value: unknown): string {
  return typeof value === 'string' ? value : Array.isArray(value) ? value.join(',') : '';
}

/** Legacy /api/auth/* paths of API.md: each calls one auth procedure and only reshapes. */
export function authRoutes(contextFor: ContextForRequest): Router {
  const routes = Router();

  routes.post(
    '/api/auth/register',
    legacyHandler(contextFor, async (caller, req, res) => {
      const { email, username, public_username, password, currency, ref } = body(req);
      const result = await caller.auth.register({
        email: email as string,
        loginName: username as string,
        publicUsername: public_username as string | undefined,
        password: password as string,
        currency: currency as string | undefined,
        ref: ref as string | undefined,
      });
      res.status(201).json({ message: result.message, user: toLegacyUser(result.user), ...(result.token ? { token: result.token } : {}) });
    }),
  );

  routes.post(
    '/api/auth/login',
    legacyHandler(contextFor, async (caller, req, res) => {
      const { login_name, password, twoFactorCode } = body(req);
      const result = await caller.auth.login({
        login: login_name as string,
        password: password as string,
        twoFactorCode: twoFactorCode === undefined ? undefined : (twoFactorCode as string),
      });
      res.json({ token: result.token, user: toLegacyUser(result.user) });
    }),
  );

  routes.get(
    '/api/auth/profile',
    legacyHandler(contextFor, async (caller, _req, res) => {
      res.json(toLegacyUser(await caller.auth.me()));
    }),
  );

  routes.post(
    '/api/auth/change-username',
    legacyHandler(contextFor, async (caller, req, res) => {
      const user = await caller.auth.changeDisplayName({ publicUsername: body(req).newUsername as string });
      res.json(toLegacyUser(user));
    }),
  );

  routes.get(
    '/api/auth/confirm-email',
    legacyHandler(contextFor, async (caller, req, res) => {
      const result = await caller.auth.confirmEmail({ token: queryString(req.query.token) });
      res.json({ message: result.message, user: toLegacyUser(result.user) });
    }),
  );

  routes.post(
    '/api/auth/resend-verification',
    legacyHandler(contextFor, async (caller, req, res) => {
      res.json(await caller.auth.resendVerification({ email: body(req).email as string }));
    }),
  );

  routes.post(
    '/api/auth/forgot-password',
    legacyHandler(contextFor, async (caller, req, res) => {
      res.json(await caller.auth.forgotPassword({ email: body(req).email as string }));
    }),
  );

  routes.post(
    '/api/auth/reset-password',
    legacyHandler(contextFor, async (caller, req, res) => {
      const { token, password } = body(req);
      res.json(await caller.auth.resetPassword({ token: token as string, password: password as string }));
    }),
  );

  routes.post(
    '/api/auth/logout',
    legacyHandler(contextFor, async (caller, _req, res) => {
      await caller.auth.logout();
      res.status(204).end();
    }),
  );

  // Additions beyond the original client's calls (docs/api.md): password change and session list.
  routes.post(
    '/api/auth/change-password',
    legacyHandler(contextFor, async (caller, req, res) => {
      const { currentPassword, newPassword, otp } = body(req);
      res.json(
        await caller.auth.changePassword({
          currentPassword: currentPassword as string,
          newPassword: newPassword as string,
          otp: typeof otp === 'string' ? otp : undefined,
        }),
      );
    }),
  );

  routes.get(
    '/api/auth/sessions',
    legacyHandler(contextFor, async (caller, _req, res) => {
      res.json(await caller.auth.sessions());
    }),
  );

  routes.delete(
    '/api/auth/sessions/:id',
    legacyHandler(contextFor, async (caller, req, res) => {
      const { otp } = body(req);
      res.json(await caller.auth.revokeSession({ id: String(req.params.id), otp: typeof otp === 'string' ? otp : undefined }));
    }),
  );

  return routes;
}
