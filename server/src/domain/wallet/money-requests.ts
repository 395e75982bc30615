import { createHash } from 'node:crypto';
import type { Db } from '../../../../db/client.js';
import {
  claimMoneyRequest,
  findMoneyRequest,
  saveMoneyRequestAnswer,
} from '../../../../db/repositories/money-requests.repo.js';
import { DomainError } from '../errors.js';
import type { LedgerService, LedgerTx } from './ledger.service.js';

/** A money move named by the client's requestId: its kind and a digest of what it asks for. */
export interface MoneyRequest {
  id: string;
  kind: string;
  fingerprint: string;
}

export const REQUEST_ID_REUSED_MESSAGE = 'This requestId was already used for a different request';

/**
 * The request behind a requestId, or undefined when the client sent none (each such request is its own). `asks` is
 * what the move does (amounts, currency, recipient, address), never a secret: the password and the 2FA code are not
 * part of it, so a retry with a fresh code is still the same request.
 */
export function moneyRequest(
  kind: string,
  requestId: string | undefined,
  asks: Record<string, string | boolean | undefined>,
): MoneyRequest | undefined {
  if (requestId === undefined) return undefined;
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([kind, Object.entries(asks).sort(([a], [b]) => a.localeCompare(b))]))
    .digest('hex');
  return { id: requestId, kind, fingerprint };
}

/**
 * Runs a money move once per (user, requestId), the way a bet's clientBetId does: a retry (sequential or concurrent)
 * gets the first attempt's answer and moves nothing; the same id with another body is a 409 REQUEST_ID_REUSED. The
 * earlier answer is looked up before `checks` (password, 2FA code, limits), so a retry is not refused for a code the
 * first attempt already used. The id is claimed first thing in the move's transaction and the answer saved in it: a
 * failed move leaves no trace and can be retried; a committed one always has its answer.
 */
export async function oncePerRequest<T>(
  deps: { db: Db; ledger: LedgerService },
  userId: number,
  request: MoneyRequest | undefined,
  steps: { checks?: () => Promise<void>; move: (tx: LedgerTx) => Promise<T> },
): Promise<{ answer: T; fresh: boolean }> {
  const earlier = await earlierAnswer<T>(deps.db, userId, request);
  if (earlier) return { answer: earlier.answer, fresh: false };
  await steps.checks?.();
  const done = await deps.ledger.transact(async (tx) => {
    if (request && !(await claimMoneyRequest(tx.trx, userId, request))) return null;
    const answer = await steps.move(tx);
    if (request) await saveMoneyRequestAnswer(tx.trx, userId, request.id, answer);
    return { answer };
  });
  if (done) return { answer: done.answer, fresh: true };
  // A concurrent attempt with this id committed while this one waited on the claim.
  const first = await earlierAnswer<T>(deps.db, userId, request);
  if (!first)
    throw new DomainError('CONFLICT', 'This request is being processed; try again in a moment', {
      code: 'REQUEST_IN_PROGRESS',
    });
  return { answer: first.answer, fresh: false };
}

async function earlierAnswer<T>(
  db: Db,
  userId: number,
  request: MoneyRequest | undefined,
): Promise<{ answer: T } | undefined> {
  if (!request) return undefined;
  const stored = await findMoneyRequest(db, userId, request.id);
  if (!stored) return undefined;
  if (stored.kind !== request.kind || stored.fingerprint !== request.fingerprint) {
    throw new DomainError('CONFLICT', REQUEST_ID_REUSED_MESSAGE, { code: 'REQUEST_ID_REUSED' });
  }
  return { answer: stored.answer as T };
}
