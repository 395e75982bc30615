import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMail } from '../domain/mail/mail.service.js';
import type { Logger } from './logger.js';

export interface MailerSettings {
  smtpUrl?: string;
  from: string;
  dataDir: string;
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Otherwise (development) each message is written as
 * an .eml file under DATA_DIR/mail/ (the log names the file, never the link), so sign-up works without a server.
 */
export function createMailTransport(settings: MailerSettings, logger: Logger): MailTransport {
  if (settings.smtpUrl) {
    const transporter = nodemailer.createTransport(settings.smtpUrl);
    return {
      async send(mail) {
        const info = await transporter.sendMail({ from: settings.from, ...mail });
        return { messageId: info.messageId ?? null };
      },
    };
  }
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = path.join(settings.dataDir, 'mail');
  return {
    async send(mail: OutgoingMail) {
      const info = await transporter.sendMail({ from: settings.from, ...mail });
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeName(mail.to)}.eml`);
      await writeFile(file, info.message as Buffer);
      // The link is a single-use credential: it stays in the file, never in the log.
      logger.info(
        { to: mail.to, subject: mail.subject, file },
        'mail written to file (no SMTP_URL set); open the file for its link',
      );
      return { messageId: info.messageId ?? null };
    },
  };
}

function safeName(address: string): string {
  return address.replace(/[^A-Za-z0-9@._-]/g, '_').slice(0, 80);
}
