import { GENERIC_SERVER_ERROR, MAINTENANCE_MESSAGE, type ApiError } from '../../lib/api-error';

/** What the login and registration forms say about a failure (spec section 8). */
export interface FeedbackMessage {
  message: string;
  tone: 'error' | 'warning';
}

export const LOGIN_SUCCESS = 'Login successful';
export const REGISTER_SUCCESS = 'Registration successful! Please verify your email.';
export const LOGOUT_SUCCESS = 'You have been logged out successfully';
export const USERNAME_CHANGED = 'Username changed successfully';

export function loginFailureMessage(error: ApiError): FeedbackMessage {
  if (!error.status) return { message: MAINTENANCE_MESSAGE, tone: 'error' };
  if (error.message && error.message !== 'Server returned an error') return { message: error.message, tone: 'error' };
  return { message: 'Login failed. Please check your credentials and try again.', tone: 'error' };
}

/** Whether a 400 names the e-mail field (schema field errors) or the address in its message. */
function isAboutEmail(error: ApiError): boolean {
  const fieldErrors = (error.details as { fieldErrors?: { path?: unknown }[] } | undefined)?.fieldErrors;
  if (Array.isArray(fieldErrors) && fieldErrors.length > 0) return fieldErrors.some((issue) => issue?.path === 'email');
  return /e-?mail/i.test(error.message ?? '');
}

export function registerFailureMessage(error: ApiError): FeedbackMessage {
  const text = error.message ?? '';
  if (error.status === 429 || /too many requests/i.test(text)) {
    return {
      message:
        'Please wait a moment before trying again. For security reasons, we limit how often verification emails can be sent.',
      tone: 'warning',
    };
  }
  // The spec's text is for a bad e-mail address only; a 400 about another field (a too-common
  // password, a malformed name) shows the server's own reason.
  if (
    /invalid email/i.test(text) ||
    (error.status === 400 && (isAboutEmail(error) || !text || text === GENERIC_SERVER_ERROR))
  ) {
    return { message: 'Please enter a valid email address.', tone: 'error' };
  }
  if (!error.status) return { message: MAINTENANCE_MESSAGE, tone: 'error' };
  if (/already (exists|registered)/i.test(text)) {
    return {
      message: 'This email address is already registered. Please use a different email or try to log in.',
      tone: 'error',
    };
  }
  if (/username.*taken/i.test(text)) {
    return { message: 'This username is already taken. Please choose another username.', tone: 'error' };
  }
  if (text) return { message: text, tone: 'error' };
  return { message: 'Registration failed. Please check your information and try again.', tone: 'error' };
}
