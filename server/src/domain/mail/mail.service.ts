import type { Db } from '../../../../db/client.js';
import {
  dropExpiredUnsentMail,
  findOutboxMail,
  listStaleUnsentMail,
  markOutboxSent,
  recordOutboxAttempt,
} from '../../../../db/repositories/email-outbox.repo.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The SMTP (or dev file) transport; throws when the message was not accepted. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<{ messageId: string | null }>;
}

export type DeliveryOutcome = 'sent' | 'already-sent' | 'missing' | 'expired';

export interface MailServiceDeps {
  db: Db;
  transport: MailTransport;
  /** Puts an outbox id (back) on the e-mail queue. */
  enqueue: (outboxId: number) => Promise<void>;
}

/** Sends what the outbox holds; the worker's e-mail processor calls `deliver` once per job. */
export class MailService {
  constructor(private readonly deps: MailServiceDeps) {}

  async deliver(outboxId: number): Promise<DeliveryOutcome> {
    const mail = await findOutboxMail(this.deps.db, outboxId);
    if (!mail) return 'missing';
    // A retried or duplicated job after a successful send must not mail the user twice.
    if (mail.sent_at !== null) return 'already-sent';
    // A mail that failed until its link expired is not sent late: the link would not work anyway.
    if (mail.expires_at !== null && new Date(mail.expires_at).getTime() <= Date.now()) {
      await dropExpiredUnsentMail(this.deps.db, new Date(), outboxId);
      return 'expired';
    }
    if (mail.text_body === null) return 'already-sent';
    try {
      const { messageId } = await this.deps.transport.send({
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body ?? undefined,
      });
      await markOutboxSent(this.deps.db, outboxId, messageId);
      return 'sent';
    } catch (error) {
      await recordOutboxAttempt(this.deps.db, outboxId, describe(error)).catch(() => undefined);
      throw error;
    }
  }

  /** Housekeeping: unsent mails past their link's expiry lose their bodies. */
  dropExpired(): Promise<number> {
    return dropExpiredUnsentMail(this.deps.db, new Date());
  }

  /** Re-enqueues mail whose enqueue failed (e.g. Redis was away); job ids keep it idempotent. */
  async requeueStale(olderThanMs = 60_000, limit = 100): Promise<number> {
    const ids = await listStaleUnsentMail(this.deps.db, new Date(Date.now() - olderThanMs), limit);
    for (const id of ids) await this.deps.enqueue(id);
    return ids.length;
  }
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
