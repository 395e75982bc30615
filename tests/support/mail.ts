import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';

export interface ReceivedMail {
  to: string[];
  /** The raw message as it came over SMTP (headers and quoted-printable body). */
  raw: string;
}

export interface SmtpCatcher {
  /** SMTP_URL for the platform under test. */
  url: string;
  received: ReceivedMail[];
  /** How many of the next messages to refuse with a temporary 451 (counts down). */
  refuseNext: number;
  /** The newest mail to `address` (with that subject, if given), decoded, once one has arrived. */
  waitForMail(address: string, subject?: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

/** A real SMTP server on a random local port that keeps every message it accepts. */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const catcher = {} as SmtpCatcher;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (catcher.refuseNext > 0) {
          catcher.refuseNext -= 1;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        catcher.received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  Object.assign(catcher, {
    url: `smtp://127.0.0.1:${port}`,
    received: [],
    refuseNext: 0,
    async waitForMail(address: string, subject?: string, timeoutMs = 15_000) {
      const find = () =>
        catcher.received.findLast(
          (mail) =>
            mail.to.includes(address.toLowerCase()) &&
            (subject === undefined || mail.raw.includes(`\nSubject: ${subject}\r`)),
        );
      await expect.poll(find, { timeout: timeoutMs, interval: 100 }).toBeTruthy();
      return decodeQuotedPrintable(find()!.raw);
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  });
  return catcher;
}

/** Undoes quoted-printable soft line breaks and =XX escapes, enough to read links in a raw message. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
