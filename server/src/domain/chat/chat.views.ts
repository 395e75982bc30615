import type { Role } from '../auth/auth.schemas.js';
import type { AnnouncementType } from './chat.schemas.js';

/** A message on every wire (tRPC, REST, socket, subscription). Text is plain text, never HTML. */
export interface ChatMessage {
  id: number;
  userId: number;
  /** The sender's display name. */
  username: string;
  message: string;
  userColor: string;
  isAdmin: boolean;
  isModerator: boolean;
  createdAt: string;
}

export interface ChatAnnouncement {
  id: number;
  type: AnnouncementType;
  message: string;
  createdAt: string;
  expiresAt: string | null;
}

export interface ChatMessageRecord {
  id: number;
  userId: number;
  message: string;
  createdAt: Date;
  username: string;
  role: Role;
  accountCreatedAt: Date;
}

/**
 * Chat ranks until real ranks exist: derived from the sender's account age at the moment the
 * message was sent, so a stored message always renders in the same colour (cacheable pages).
 */
export const chatRanks = [
  { name: 'newcomer', minDays: 0, color: 'silver' },
  { name: 'regular', minDays: 7, color: 'lightskyblue' },
  { name: 'veteran', minDays: 30, color: 'mediumseagreen' },
  { name: 'legend', minDays: 180, color: 'orchid' },
] as const;

export const STAFF_COLOR = 'gold';

export function chatRank(accountCreatedAt: Date, at: Date): (typeof chatRanks)[number] {
  const days = (at.getTime() - accountCreatedAt.getTime()) / 86_400_000;
  let rank: (typeof chatRanks)[number] = chatRanks[0];
  for (const candidate of chatRanks) if (days >= candidate.minDays) rank = candidate;
  return rank;
}

export function userColor(role: Role, accountCreatedAt: Date, at: Date): string {
  return role === 'admin' || role === 'moderator' ? STAFF_COLOR : chatRank(accountCreatedAt, at).color;
}

export function toChatMessage(record: ChatMessageRecord): ChatMessage {
  return {
    id: record.id,
    userId: record.userId,
    username: record.username,
    message: record.message,
    userColor: userColor(record.role, record.accountCreatedAt, record.createdAt),
    isAdmin: record.role === 'admin',
    isModerator: record.role === 'moderator',
    createdAt: record.createdAt.toISOString(),
  };
}
