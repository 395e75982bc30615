/**
 * The /api/ws wire protocol (docs/api.md "Realtime socket"). Pure, no I/O.
 */
export interface ServerFrame {
  type: string;
  channel: string | null;
  seq: number;
  ts: number;
  data: unknown;
}

/** Frame types that belong to a channel's event sequence (everything else is control, seq 0). */
export const EVENT_TYPES = [
  'balance-update',
  'game-result',
  'token-price-update',
  'system-announcement',
  'chat-message',
  'vip-update',
  'rank-up',
  'raffle-win',
  'tip-received',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const TOKEN_PRICE_CHANNEL = 'token-price';
export const SYSTEM_ANNOUNCEMENTS_CHANNEL = 'system-announcements';

/** The spec's subscription (section 7): the user's own two channels and the two public ones. */
export function channelsFor(userId: string): string[] {
  return [`user:${userId}`, `game-results:${userId}`, TOKEN_PRICE_CHANNEL, SYSTEM_ANNOUNCEMENTS_CHANNEL];
}

export function isEventType(type: string): type is EventType {
  return (EVENT_TYPES as readonly string[]).includes(type);
}

/** A well-formed server frame, or null for anything else (it is ignored). */
export function parseFrame(text: unknown): ServerFrame | null {
  if (typeof text !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const frame = value as Record<string, unknown>;
  if (typeof frame.type !== 'string') return null;
  if (frame.channel !== null && typeof frame.channel !== 'string') return null;
  if (typeof frame.seq !== 'number' || !Number.isInteger(frame.seq)) return null;
  return {
    type: frame.type,
    channel: frame.channel,
    seq: frame.seq,
    ts: typeof frame.ts === 'number' ? frame.ts : 0,
    data: frame.data,
  };
}

/** ws:// or wss:// for the page's origin, or the configured address (VITE_WS_URL). */
export function socketUrl(location: { protocol: string; host: string }, configured?: string): string {
  if (configured) return configured;
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}/api/ws`;
}
