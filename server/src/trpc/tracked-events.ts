import { tracked } from '@trpc/server';
import { z } from 'zod';

/**
 * Input of every subscription. tRPC's client sends back the id of the last event it saw as
 * `lastEventId` when it reconnects; the stream then replays what was missed.
 */
export const resumeInput = z
  .object({ lastEventId: z.string().regex(/^\d+-\d+$/, 'an event id').nullish() })
  .nullish()
  .transform((input) => ({ lastEventId: input?.lastEventId ?? null }));

/** Live events as tRPC tracked() values: the id goes to the client for resuming. */
export async function* trackedEvents<T>(source: AsyncIterable<{ id: string; data: T }>) {
  for await (const event of source) yield tracked(event.id, event.data);
}
