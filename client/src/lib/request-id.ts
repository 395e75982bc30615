import { useState } from 'react';

/** 128 random bits as hex: getRandomValues works on plain-http origins too, where crypto.randomUUID does not exist. */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The `requestId` of a money move (tips, withdrawals, rain, vault: docs/api.md). Submitting the same values again
 * after a failure or a timeout reuses the id, so a move the server did make is answered, not made twice; other values,
 * or a new move after `done()`, get a fresh one (reusing an id with other values would be a 409).
 */
export class RequestIds {
  private current: { key: string; id: string } | null = null;

  /** `values`: what the move asks for, without secrets (the password and the 2FA code may change between tries). */
  for(values: unknown): string {
    const key = JSON.stringify(values);
    if (this.current?.key !== key) this.current = { key, id: newRequestId() };
    return this.current.id;
  }

  /** The move went through: the next one is another move. */
  done(): void {
    this.current = null;
  }
}

/** One RequestIds per form, kept across renders. */
export function useRequestIds(): RequestIds {
  const [ids] = useState(() => new RequestIds());
  return ids;
}
