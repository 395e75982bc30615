import { z } from 'zod';
import {
  eventChannel,
  eventSchemas,
  eventTypes,
  legacyEventSchema,
  type EventType,
} from '../domain/events/platform-events.js';
import { clientMessageSchema, controlFrameData, type ControlFrameType } from './socket-frame.js';

type Json = Record<string, unknown>;

/** JSON Schema for AsyncAPI's default schema format (a superset of draft-07). */
const jsonSchema = (schema: z.ZodType): Json => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', unrepresentable: 'any' }) as Json;
  return rest;
};

const roundGames = eventSchemas['round-update'].shape.game.options;

interface ChannelDoc {
  address: string;
  title: string;
  access: string;
  parameters?: Record<string, { description: string; enum?: string[] }>;
}

/** The socket's channels by the name eventChannel (platform-events.ts) gives them, with who may subscribe. */
const CHANNELS: Record<string, ChannelDoc> = {
  user: {
    address: 'user:{userId}',
    title: "A player's own events",
    access: 'Own user only: authenticate first (auth message or ?token=); another user id is refused (FORBIDDEN).',
    parameters: { userId: { description: 'The signed-in user id' } },
  },
  'game-results': {
    address: 'game-results:{userId}',
    title: "A player's own game results",
    access: 'Own user only, as user:{userId}.',
    parameters: { userId: { description: 'The signed-in user id' } },
  },
  'token-price': { address: 'token-price', title: 'BZU price', access: 'Public.' },
  'system-announcements': { address: 'system-announcements', title: 'System announcements', access: 'Public.' },
  chat: { address: 'chat', title: 'Trollbox chat', access: 'Public.' },
  bets: { address: 'bets', title: 'Every settled bet', access: 'Public.' },
  'high-rollers': { address: 'high-rollers', title: 'High-roller bets (the same bet frames)', access: 'Public.' },
  sports: { address: 'sports', title: 'Sportsbook odds and market states', access: 'Public.' },
  raffle: { address: 'raffle', title: 'Raffle state changes', access: 'Public.' },
  race: { address: 'race', title: 'Wager race boards moved or finished (promotions)', access: 'Public.' },
  round: {
    address: '{game}',
    title: "A round game's rounds, ticks and bets",
    access: 'Public.',
    parameters: { game: { description: 'The round game', enum: [...roundGames] } },
  },
};

/** Events per channel; `bet` goes to `high-rollers` too (PlatformEvents.bet). */
function eventsOf(channel: string): EventType[] {
  if (channel === 'high-rollers') return ['bet'];
  return eventTypes.filter((type) => eventChannel[type] === channel);
}

const SEQ_RULE = [
  'Every server frame is `{ type, channel, seq, ts, data }`.',
  'Events on a channel carry `seq`, which grows by exactly 1 per event on that channel (one counter per channel, shared by every server process).',
  "The `subscribed` frame's `seq` is the channel's current seq: the next event carries seq + 1. A client that sees a gap (seq jumps by more than 1)",
  'missed events and should refetch over REST or tRPC. Control frames (subscribed, unsubscribed, authenticated, pong, error) are outside the sequence:',
  'their seq is 0, except `subscribed`. Money in event data is as the legacy REST API sends it (balance and price fields as JSON numbers).',
  'A socket whose session is revoked or expires is closed with code 4401; more than the allowed messages per window closes it with 1008.',
].join(' ');

const frame = (
  type: string,
  data: Json,
  channel: Json = { type: 'string' },
  seq: Json = { type: 'integer', minimum: 1 },
): Json => ({
  type: 'object',
  required: ['type', 'channel', 'seq', 'ts', 'data'],
  properties: {
    type: { const: type },
    channel,
    seq,
    ts: { type: 'integer', description: 'Server time, ms since the epoch' },
    data,
  },
});

/**
 * The AsyncAPI 3 document of /api/ws, from the definitions the socket itself runs on: the event payload schemas
 * (platform-events.ts, validated on publish), the client messages and control frames (socket-frame.ts).
 */
export function buildAsyncApiDocument(info: { version: string }): Json {
  const messages: Json = {};
  for (const type of eventTypes) {
    messages[type] = { name: type, title: type, payload: frame(type, jsonSchema(legacyEventSchema(type))) };
  }
  for (const type of Object.keys(controlFrameData) as ControlFrameType[]) {
    const seq = type === 'subscribed' ? { type: 'integer', minimum: 0 } : { const: 0 };
    messages[`control-${type}`] = {
      name: type,
      title: `${type} (control frame)`,
      payload: frame(type, jsonSchema(controlFrameData[type]), { type: ['string', 'null'] }, seq),
    };
  }
  for (const option of clientMessageSchema.options) {
    const type = option.shape.type.value;
    messages[`client-${type}`] = { name: type, title: `${type} (client message)`, payload: jsonSchema(option) };
  }

  const ref = (name: string) => ({ $ref: `#/components/messages/${name}` });
  const channels: Json = {};
  const operations: Json = {};
  for (const [name, doc] of Object.entries(CHANNELS)) {
    const events = eventsOf(name);
    channels[name] = {
      address: doc.address,
      title: doc.title,
      description: `Who may subscribe: ${doc.access}`,
      ...(doc.parameters ? { parameters: doc.parameters } : {}),
      messages: Object.fromEntries(events.map((type) => [type, ref(type)])),
    };
    operations[`receive-${name}`] = {
      action: 'receive',
      title: `Events on ${doc.address}`,
      channel: { $ref: `#/channels/${name}` },
      messages: events.map((type) => ({ $ref: `#/channels/${name}/messages/${type}` })),
    };
  }
  // The socket itself: what a client sends, and the control frames it gets back.
  const controls = Object.keys(controlFrameData).map((type) => `control-${type}`);
  const clientMessages = clientMessageSchema.options.map((option) => `client-${option.shape.type.value}`);
  channels.socket = {
    address: null,
    title: 'The socket itself (client messages and control frames)',
    description: 'Messages that belong to no channel: subscribe/unsubscribe/auth/ping and their answers.',
    messages: Object.fromEntries([...clientMessages, ...controls].map((name) => [name, ref(name)])),
  };
  operations['send-client-message'] = {
    action: 'send',
    title: 'Client messages',
    channel: { $ref: '#/channels/socket' },
    messages: clientMessages.map((name) => ({ $ref: `#/channels/socket/messages/${name}` })),
  };
  operations['receive-control-frame'] = {
    action: 'receive',
    title: 'Control frames',
    channel: { $ref: '#/channels/socket' },
    messages: controls.map((name) => ({ $ref: `#/channels/socket/messages/${name}` })),
  };

  return {
    asyncapi: '3.0.0',
    info: { title: 'BZU platform realtime socket (/api/ws)', version: info.version, description: SEQ_RULE },
    defaultContentType: 'application/json',
    servers: {
      platform: {
        host: '{host}',
        protocol: 'ws',
        pathname: '/api/ws',
        description: 'The platform server itself (wss behind TLS).',
        variables: { host: { default: 'localhost:3000', description: 'The host serving the platform' } },
      },
    },
    channels,
    operations,
    components: { messages },
  };
}
