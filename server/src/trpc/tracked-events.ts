import { tracked } from '@trpc/server';
import { z } from 'zod';
import type { SubscriptionBudget } from '../realtime/realtime-limits.js';
import { toTrpcError } from './init.js';

/**
 * Input of every subscription. tRPC's client sends back the id of the last event it saw as
 * `lastEventId` when it reconnects; the stream then replays what was missed.
 */
export const resumeInput = z
  .object({
    lastEventId: z
      .string()
      .regex(/^\d+-\d+$/, 'an event id')
      .nullish(),
  })
  .nullish()
  .transform((input) => ({ lastEventId: input?.lastEventId ?? null }));

/**
 * Live events as tRPC tracked() values: the id goes to the client for resuming. A domain error that
 * ends the stream (the session was revoked: UNAUTHORIZED) reaches the client with its own code;
 * tRPC would report anything but a TRPCError thrown mid-stream as a 500.
 */
export async function* trackedEvents<T>(source: AsyncIterable<{ id: string; data: T }>) {
  try {
    for await (const event of source) yield tracked(event.id, event.data);
  } catch (error) {
    throw toTrpcError(error) ?? error;
  }
}

/**
 * A live stream as a subscription within the caller's budget (per socket connection, or per
 * address over HTTP streaming): the slot is taken before the stream subscribes to anything and
 * given back when it ends, however it ends; no slot: TOO_MANY_REQUESTS.
 */
export async function limitedEvents<T>(
  budget: SubscriptionBudget,
  open: () => AsyncIterable<{ id: string; data: T }> | Promise<AsyncIterable<{ id: string; data: T }>>,
) {
  const release = budget.acquire();
  let source: AsyncIterable<{ id: string; data: T }>;
  try {
    source = await open();
  } catch (error) {
    release();
    throw error;
  }
  return (async function* () {
    try {
      yield* trackedEvents(source);
    } finally {
      release();
    }
  })();
}
