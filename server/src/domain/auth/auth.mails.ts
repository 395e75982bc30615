import { countOf } from '../plural.js';

export interface MailContent {
  kind: string;
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function linkWithToken(baseUrl: string, pagePath: string, token: string): string {
  const url = new URL(pagePath, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  url.searchParams.set('token', token);
  return url.toString();
}

function layout(greeting: string, paragraphs: string[], link: string, action: string): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body><p>${escapeHtml(greeting)}</p>${body}<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(link)}</p></body></html>`;
}

export function verificationMail(name: string, link: string, validHours: number): MailContent {
  const lines = [
    'Please confirm your e-mail address to finish creating your account.',
    `The link is valid for ${countOf(validHours, 'hour')} and can be used once.`,
  ];
  return {
    kind: 'verify_email',
    subject: 'Verify your email address',
    text: `Hello ${name},\n\n${lines.join('\n')}\n\n${link}\n\nIf you did not create an account, ignore this message.\n`,
    html: layout(`Hello ${name},`, lines, link, 'Verify email address'),
  };
}

export function passwordResetMail(name: string, link: string, validMinutes: number): MailContent {
  const lines = [
    'Someone asked to reset the password of your account.',
    `The link is valid for ${countOf(validMinutes, 'minute')} and can be used once. All your sessions will be signed out.`,
  ];
  return {
    kind: 'reset_password',
    subject: 'Reset your password',
    text: `Hello ${name},\n\n${lines.join('\n')}\n\n${link}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
    html: layout(`Hello ${name},`, lines, link, 'Reset password'),
  };
}
