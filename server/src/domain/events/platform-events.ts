import { z } from 'zod';
import { ROUND_GAME_SLUGS, type RoundGameSlug } from '../games/registry.js';

/**
 * Every live event the platform publishes, its payload schema and the channel it travels on,
 * defined once. Services publish after their transaction commits; the realtime layer delivers to
 * /api/ws sockets and tRPC subscriptions. Amounts are decimal strings here (exact); the legacy
 * socket turns them into JSON numbers through `legacyShape`.
 */
const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'decimal string');

export const tokenPriceUpdateSchema = z
  .object({
    symbol: z.literal('BZU'),
    price: decimalString,
    change24h: z.number(),
    marketCap: decimalString,
    volume24h: decimalString,
    updatedAt: z.string(),
    source: z.string(),
  })
  .partial();

const chatId = z.union([z.number().int().nonnegative(), z.string().min(1)]);

/** A round game's slug, as the registry lists them (ROUND_GAMES): its events name it, and it is its channel. */
const roundGameSchema = z.enum(ROUND_GAME_SLUGS);

export const eventSchemas = {
  'balance-update': z.object({ userId: z.string().min(1), newBalance: decimalString, currency: z.string().min(1) }),
  'game-result': z.looseObject({
    id: z.string().min(1),
    userId: z.string().min(1),
    gameId: z.string().min(1),
    outcome: z.unknown(),
  }),
  'token-price-update': tokenPriceUpdateSchema,
  'system-announcement': z.looseObject({ id: z.string().min(1), type: z.string().min(1), message: z.string().min(1) }),
  // Chat ids are the numbers of the REST/tRPC message object, so clients compare them with user.id as is.
  'chat-message': z.looseObject({ id: chatId, userId: chatId, username: z.string(), message: z.string() }),
  'chat-message-deleted': z.object({ id: chatId }),
  // A settled original's BetView (games/bet.views.ts) on the public `bets` feed, and on `high-rollers` when big.
  bet: z.looseObject({
    id: z.string().min(1),
    userId: z.string().min(1),
    game: z.string().min(1),
    amount: decimalString,
    payout: decimalString,
  }),
  'chat-announcement': z.looseObject({
    id: chatId,
    type: z.string().min(1),
    message: z.string(),
    expiresAt: z.string().nullable(),
  }),
  // Player economy on `user:{id}`: the progress after every settled bet, and a rank-up when the rank changed.
  'vip-update': z.looseObject({ userId: z.string().min(1), rank: z.string().min(1), xp: z.string() }),
  'rank-up': z.looseObject({
    userId: z.string().min(1),
    rank: z.string().min(1),
    rankLabel: z.string().min(1),
    previousRank: z.string().min(1),
  }),
  // Sportsbook: odds are exact decimal strings ("2.15"), ids are strings (BIGINT).
  'sports-odds': z.object({
    eventId: z.string().min(1),
    marketId: z.string().min(1),
    selectionId: z.string().min(1),
    odds: decimalString,
    previousOdds: decimalString.nullable(),
    changedAt: z.string(),
  }),
  'sports-market': z.object({
    eventId: z.string().min(1),
    marketId: z.string().min(1).nullable(),
    marketStatus: z.string().nullable(),
    eventStatus: z.string().nullable(),
  }),
  // Raffles: a winner's prize on `user:{id}` (written with the payout, through the outbox), and every state change
  // (open, closed, drawn) on the public `raffle` channel.
  'raffle-win': z.object({
    userId: z.string().min(1),
    raffleId: z.string().regex(/^\d+$/),
    prizeIndex: z.number().int().nonnegative(),
    amount: decimalString,
    currency: z.literal('USD'),
  }),
  'raffle-update': z.object({ raffleId: z.string().regex(/^\d+$/), status: z.enum(['open', 'closed', 'drawn']) }),
  // Wager races (promotions) on the public `race` channel: a race's board moved, or it finished. A hint to re-read the
  // board (at most about once a second per race), not the board itself.
  'race-update': z.object({ raceId: z.string().regex(/^\d+$/), finished: z.boolean() }),
  // A tip reached its recipient (`user:{recipient id}`, through the outbox with the tip's ledger transaction), private or not.
  'tip-received': z.object({
    userId: z.string().min(1),
    tipId: z.string().min(1),
    senderName: z.string().min(1),
    amount: decimalString,
    currency: z.enum(['USD', 'BZU']),
    private: z.boolean(),
  }),
  // Round games: every state change of a round, and every bet placed or settled in it, on the game's public
  // channel (its slug: `crash`), guests included. `serverTime` lets a client draw the curve on the server's clock.
  'round-update': z.looseObject({
    game: roundGameSchema,
    id: z.string().regex(/^\d+$/),
    number: z.number().int().positive(),
    state: z.enum(['queued', 'betting', 'running', 'ended', 'cancelled']),
    serverTime: z.string(),
  }),
  // The running round's clock a few times a second (the database's, which cash-outs read): screens correct their curve.
  'round-tick': z.object({
    game: roundGameSchema,
    id: z.string().regex(/^\d+$/),
    serverTime: z.string(),
    // What every screen may see of the running round (bingo: the balls drawn so far).
    live: z.record(z.string(), z.unknown()).optional(),
  }),
  'round-bet': z.looseObject({
    game: roundGameSchema,
    roundId: z.string().regex(/^\d+$/),
    betId: z.string().regex(/^\d+$/),
    userName: z.string(),
    amount: decimalString,
    currency: z.enum(['USD', 'BZU']),
    state: z.enum(['open', 'won', 'lost', 'refunded']),
  }),
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventPayload<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
export const eventTypes = Object.keys(eventSchemas) as EventType[];

/** Channel names of the socket protocol (API.md). */
export const channels = {
  user: (userId: string) => `user:${userId}`,
  gameResults: (userId: string) => `game-results:${userId}`,
  tokenPrice: 'token-price',
  systemAnnouncements: 'system-announcements',
  chat: 'chat',
  bets: 'bets',
  highRollers: 'high-rollers',
  sports: 'sports',
  raffle: 'raffle',
  race: 'race',
  /** A round game's public channel is its slug. */
  rounds: (game: RoundGameSlug) => game,
} as const;

// The round games' channels are their slugs, from the registry (slugs are [a-z0-9-], nothing to escape).
const channelPattern = new RegExp(
  `^(user:[A-Za-z0-9_-]{1,64}|game-results:[A-Za-z0-9_-]{1,64}|token-price|system-announcements|chat|bets|high-rollers|sports|raffle|race|${ROUND_GAME_SLUGS.join('|')})$`,
);

export function isKnownChannel(channel: string): boolean {
  return channelPattern.test(channel);
}

/** The user a private channel belongs to, or null for a public channel. */
export function channelOwner(channel: string): string | null {
  const match = /^(?:user|game-results):(.+)$/.exec(channel);
  return match ? match[1]! : null;
}

/** May this viewer (null for a guest) receive events of this channel? */
export function mayJoinChannel(channel: string, viewerId: string | null): boolean {
  if (!isKnownChannel(channel)) return false;
  const owner = channelOwner(channel);
  return owner === null || owner === viewerId;
}

/** Which channel each event travels on: a user's own, a user's game results, a round game's, or a fixed one. */
export const eventChannel = {
  'balance-update': 'user',
  'vip-update': 'user',
  'rank-up': 'user',
  'raffle-win': 'user',
  'tip-received': 'user',
  'game-result': 'game-results',
  'token-price-update': channels.tokenPrice,
  'system-announcement': channels.systemAnnouncements,
  'chat-message': channels.chat,
  'chat-message-deleted': channels.chat,
  'chat-announcement': channels.chat,
  bet: channels.bets,
  'sports-odds': channels.sports,
  'sports-market': channels.sports,
  'raffle-update': channels.raffle,
  'race-update': channels.race,
  'round-update': 'round',
  'round-tick': 'round',
  'round-bet': 'round',
} as const satisfies Record<EventType, string>;

export function channelFor<T extends EventType>(type: T, payload: EventPayload<T>): string {
  const channel: string = eventChannel[type];
  switch (channel) {
    case 'user':
      return channels.user((payload as EventPayload<'balance-update'>).userId);
    case 'game-results':
      return channels.gameResults((payload as EventPayload<'game-result'>).userId);
    case 'round':
      return channels.rounds((payload as EventPayload<'round-update'>).game);
    case undefined:
      throw new Error(`Unknown event type ${String(type)}`);
    default:
      return channel;
  }
}

const legacyNumberFields: Partial<Record<EventType, string[]>> = {
  'balance-update': ['newBalance'],
  'token-price-update': ['price', 'marketCap', 'volume24h'],
};

/** An event's data as the legacy socket sends it (legacyShape): the legacy number fields as JSON numbers. */
export function legacyEventSchema(type: EventType): z.ZodType {
  const schema = eventSchemas[type];
  const fields = legacyNumberFields[type];
  if (!fields) return schema;
  const shape = schema.shape as Record<string, z.ZodType>;
  return schema.extend(
    Object.fromEntries(
      fields.map((field) => [field, shape[field]!.safeParse(undefined).success ? z.number().optional() : z.number()]),
    ),
  );
}

/**
 * Legacy clients read money as JSON numbers (API.md conventions); everything else passes through. `bet` frames carry
 * the BetView exactly as tRPC does (decimal strings), one shape for the UI whichever transport it listens on.
 */
export function legacyShape(type: string, data: unknown): unknown {
  const fields = legacyNumberFields[type as EventType];
  if (!fields || typeof data !== 'object' || data === null) return data;
  const shaped: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const field of fields) {
    if (typeof shaped[field] === 'string') shaped[field] = Number(shaped[field]);
  }
  return shaped;
}

/** Where an event goes once validated; the Redis event bus implements it. */
export interface EventTransport {
  publish(channel: string, type: EventType, data: unknown): Promise<{ id: string; seq: number }>;
}

/**
 * Typed publish functions for every event. Call them after the transaction that caused the event
 * has committed, so no subscriber ever sees a change that was rolled back.
 */
export class PlatformEvents {
  constructor(private readonly transport: EventTransport) {}

  publish<T extends EventType>(type: T, payload: EventPayload<T>): Promise<{ id: string; seq: number }> {
    const data = eventSchemas[type].parse(payload) as EventPayload<T>;
    return this.transport.publish(channelFor(type, data), type, data);
  }

  balanceUpdate(payload: EventPayload<'balance-update'>) {
    return this.publish('balance-update', payload);
  }

  gameResult(payload: EventPayload<'game-result'>) {
    return this.publish('game-result', payload);
  }

  tokenPriceUpdate(payload: EventPayload<'token-price-update'>) {
    return this.publish('token-price-update', payload);
  }

  systemAnnouncement(payload: EventPayload<'system-announcement'>) {
    return this.publish('system-announcement', payload);
  }

  vipUpdate(payload: EventPayload<'vip-update'>) {
    return this.publish('vip-update', payload);
  }

  rankUp(payload: EventPayload<'rank-up'>) {
    return this.publish('rank-up', payload);
  }

  chatMessage(payload: EventPayload<'chat-message'>) {
    return this.publish('chat-message', payload);
  }

  /** A settled bet on the public feed; a high roller's also on `high-rollers` (same frame, second channel). */
  async bet(payload: EventPayload<'bet'>, highRoller: boolean) {
    const data = eventSchemas.bet.parse(payload);
    const all = await this.transport.publish(channels.bets, 'bet', data);
    if (highRoller) await this.transport.publish(channels.highRollers, 'bet', data);
    return all;
  }

  sportsOdds(payload: EventPayload<'sports-odds'>) {
    return this.publish('sports-odds', payload);
  }

  sportsMarket(payload: EventPayload<'sports-market'>) {
    return this.publish('sports-market', payload);
  }

  raffleUpdate(payload: EventPayload<'raffle-update'>) {
    return this.publish('raffle-update', payload);
  }

  raceUpdate(payload: EventPayload<'race-update'>) {
    return this.publish('race-update', payload);
  }

  roundUpdate(payload: EventPayload<'round-update'>) {
    return this.publish('round-update', payload);
  }

  roundTick(payload: EventPayload<'round-tick'>) {
    return this.publish('round-tick', payload);
  }

  roundBet(payload: EventPayload<'round-bet'>) {
    return this.publish('round-bet', payload);
  }
}
