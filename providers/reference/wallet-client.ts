import { createHmac, randomUUID } from 'node:crypto';

/**
 * How a supplier calls an operator's seamless wallet (docs/providers.md): JSON bodies signed with
 * HMAC-SHA256("<timestamp>.<body>") under the shared secret, and a call that times out or fails in transport is
 * sent again with the SAME requestId and body, so the operator answers it once.
 */
export interface WalletClientConfig {
  platformUrl: string;
  providerId: string;
  secret: string;
  timeoutMs: number;
  attempts: number;
}

export interface WalletReply {
  httpStatus: number;
  body: { status: string; balance?: string; currency?: string; message?: string; [field: string]: unknown };
}

export class WalletClient {
  constructor(private readonly config: WalletClientConfig) {}

  async call(action: 'balance' | 'bet' | 'win' | 'rollback', fields: Record<string, unknown>): Promise<WalletReply> {
    const body = JSON.stringify({ requestId: `req-${randomUUID()}`, ...fields });
    let lastError: unknown;
    for (let attempt = 1; attempt <= this.config.attempts; attempt += 1) {
      try {
        const reply = await this.send(action, body);
        // A 5xx is the operator's transient trouble: the same request again.
        if (reply.httpStatus < 500) return reply;
        lastError = new Error(`HTTP ${reply.httpStatus}`);
      } catch (error) {
        lastError = error;
      }
    }
    throw new Error(`${action}: no answer after ${this.config.attempts} attempts (${(lastError as Error).message})`);
  }

  private async send(action: string, body: string): Promise<WalletReply> {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = `sha256=${createHmac('sha256', this.config.secret).update(`${timestamp}.${body}`).digest('hex')}`;
    const response = await fetch(`${this.config.platformUrl}/api/providers/${this.config.providerId}/${action}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-provider-timestamp': timestamp,
        'x-provider-signature': signature,
      },
      body,
      signal: AbortSignal.timeout(this.config.timeoutMs),
    });
    const text = await response.text();
    let parsed: WalletReply['body'];
    try {
      parsed = JSON.parse(text) as WalletReply['body'];
    } catch {
      parsed = { status: 'UNREADABLE', message: text.slice(0, 200) };
    }
    return { httpStatus: response.status, body: parsed };
  }
}
