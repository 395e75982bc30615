import { z } from 'zod';
import {
  changeDisplayNameInputSchema,
  changePasswordInputSchema,
  confirmEmailInputSchema,
  emailOnlyInputSchema,
  loginInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  revokeSessionInputSchema,
} from '../domain/auth/auth.schemas.js';
import { legacyHandler, type ContextForRequest } from './legacy-handler.js';
import { legacyUserSchema, toLegacyUser } from './legacy-user.js';
import { RestRoutes } from './openapi/rest-routes.js';
import { body } from './request-body.js';

/** The JSON body as a plain object; anything else (missing, array, string) reads as empty. */
function queryString(value: unknown): string {
  return typeof value === 'string' ? value : Array.isArray(value) ? value.join(',') : '';
}

const register = registerInputSchema.shape;
/** The legacy wire names of registerInputSchema's fields (API.md). */
const registerBody = z.object({
  email: register.email,
  username: register.loginName,
  public_username: register.publicUsername,
  password: register.password,
  currency: register.currency,
  ref: register.ref,
});
const loginBody = z.object({
  login_name: loginInputSchema.shape.login,
  password: loginInputSchema.shape.password,
  twoFactorCode: loginInputSchema.shape.twoFactorCode,
});
const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });
const sessionSchema = z
  .object({
    id: z.string(),
    current: z.boolean(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'Session' });
const otpBody = z.object({ otp: revokeSessionInputSchema.shape.otp });
const tags = ['auth'];

/** Legacy /api/auth/* paths of API.md: each calls one auth procedure and only reshapes. */
export function authRoutes(contextFor: ContextForRequest): RestRoutes {
  const routes = new RestRoutes();

  routes.add(
    {
      method: 'post',
      path: '/api/auth/register',
      summary: 'Create an account',
      description: 'The token is present when no e-mail confirmation is required (the session starts at once).',
      tags,
      access: 'public',
      body: registerBody.meta({
        example: { email: 'ada@example.com', username: 'ada', public_username: 'Ada', password: 'Correct-horse-1' },
      }),
      responses: { 201: z.object({ message: z.string(), user: legacyUserSchema, token: z.string().optional() }) },
      errors: [400, 409, 429],
    },
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
      res.status(201).json({
        message: result.message,
        user: toLegacyUser(result.user),
        ...(result.token ? { token: result.token } : {}),
      });
    }),
  );

  routes.add(
    {
      method: 'post',
      path: '/api/auth/login',
      summary: 'Sign in: a bearer token for the other paths',
      tags,
      access: 'public',
      body: loginBody.meta({ example: { login_name: 'ada', password: 'Correct-horse-1' } }),
      responses: { 200: z.object({ token: z.string(), user: legacyUserSchema }) },
      errors: [400, 401, 403, 429],
    },
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

  routes.add(
    {
      method: 'get',
      path: '/api/auth/profile',
      summary: 'The signed-in user',
      tags,
      access: 'bearer',
      responses: { 200: legacyUserSchema },
      errors: [401],
    },
    legacyHandler(contextFor, async (caller, _req, res) => {
      res.json(toLegacyUser(await caller.auth.me()));
    }),
  );

  routes.add(
    {
      method: 'post',
      path: '/api/auth/change-username',
      summary: 'Change the public display name',
      tags,
      access: 'bearer',
      body: z.object({ newUsername: changeDisplayNameInputSchema.shape.publicUsername }),
      responses: { 200: legacyUserSchema },
      errors: [400, 401, 409],
    },
    legacyHandler(contextFor, async (caller, req, res) => {
      const user = await caller.auth.changeDisplayName({ publicUsername: body(req).newUsername as string });
      res.json(toLegacyUser(user));
    }),
  );

  routes.add(
    {
      method: 'get',
      path: '/api/auth/confirm-email',
      summary: "Confirm an e-mail address with the mailed link's token",
      tags,
      access: 'public',
      query: confirmEmailInputSchema,
      responses: { 200: z.object({ message: z.string(), user: legacyUserSchema }) },
      errors: [400],
    },
    legacyHandler(contextFor, async (caller, req, res) => {
      const result = await caller.auth.confirmEmail({ token: queryString(req.query.token) });
      res.json({ message: result.message, user: toLegacyUser(result.user) });
    }),
  );

  routes.add(
    {
      method: 'post',
      path: '/api/auth/resend-verification',
      summary: 'Mail the confirmation link again',
      tags,
      access: 'public',
      body: emailOnlyInputSchema,
      responses: { 200: messageSchema },
      errors: [400, 429],
    },
    legacyHandler(contextFor, async (caller, req, res) => {
      res.json(await caller.auth.resendVerification({ email: body(req).email as string }));
    }),
  );

  routes.add(
    {
      method: 'post',
      path: '/api/auth/forgot-password',
      summary: 'Mail a password reset link',
      tags,
      access: 'public',
      body: emailOnlyInputSchema,
      responses: { 200: messageSchema },
      errors: [400, 429],
    },
    legacyHandler(contextFor, async (caller, req, res) => {
      res.json(await caller.auth.forgotPassword({ email: body(req).email as string }));
    }),
  );

  routes.add(
    {
      method: 'post',
      path: '/api/auth/reset-password',
      summary: "Set a new password with the mailed link's token",
      tags,
      access: 'public',
      body: resetPasswordInputSchema,
      responses: { 200: messageSchema },
      errors: [400],
    },
    legacyHandler(contextFor, async (caller, req, res) => {
      const { token, password } = body(req);
      res.json(await caller.auth.resetPassword({ token: token as string, password: password as string }));
    }),
  );

  routes.add(
    {
      method: 'post',
      path: '/api/auth/logout',
      summary: 'End this session',
      tags,
      access: 'bearer',
      responses: { 204: { description: 'Signed out' } },
      errors: [401],
    },
    legacyHandler(contextFor, async (caller, _req, res) => {
      await caller.auth.logout();
      res.status(204).end();
    }),
  );

  // Additions beyond the original client's calls (docs/api.md): password change and session list.
  routes.add(
    {
      method: 'post',
      path: '/api/auth/change-password',
      summary: 'Change the password (ends the other sessions)',
      tags,
      access: 'bearer',
      body: changePasswordInputSchema,
      responses: { 200: messageSchema },
      errors: [400, 401, 403, 429],
    },
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

  routes.add(
    {
      method: 'get',
      path: '/api/auth/sessions',
      summary: "The account's live sessions",
      tags,
      access: 'bearer',
      responses: { 200: z.array(sessionSchema) },
      errors: [401],
    },
    legacyHandler(contextFor, async (caller, _req, res) => {
      res.json(await caller.auth.sessions());
    }),
  );

  routes.add(
    {
      method: 'delete',
      path: '/api/auth/sessions/:id',
      summary: 'End one session (another one needs the 2FA code when 2FA is on)',
      tags,
      access: 'bearer',
      params: z.object({ id: revokeSessionInputSchema.shape.id }),
      body: otpBody,
      responses: { 200: messageSchema },
      errors: [400, 401, 403, 404, 429],
    },
    legacyHandler(contextFor, async (caller, req, res) => {
      const { otp } = body(req);
      res.json(
        await caller.auth.revokeSession({ id: String(req.params.id), otp: typeof otp === 'string' ? otp : undefined }),
      );
    }),
  );

  return routes;
}
