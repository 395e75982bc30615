import type { Role } from '../auth/auth.schemas.js';
import type { AnnouncementType } from './chat.schemas.js';
import type { ChatAnnouncement, ChatMessage, ChatMessageRecord } from './chat.views.js';

/** Who performs a moderation action; id null is the operator CLI. */
export interface ChatActor {
  id: number | null;
  role: Role;
}

export interface AnnouncementRecord {
  id: number;
  type: AnnouncementType;
  message: string;
  createdAt: Date;
  expiresAt: Date | null;
}

export type ModerationAction = 'delete' | 'mute' | 'unmute' | 'slow_mode' | 'announce' | 'expire_announcement';

export interface ModerationLogRecord {
  id: number;
  moderatorId: number | null;
  moderatorName: string | null;
  action: ModerationAction;
  targetUserId: number | null;
  targetMessageId: number | null;
  reason: string;
  details: unknown;
  createdAt: Date;
}

export interface ChatUserRecord {
  id: number;
  loginName: string;
  role: Role;
}

/**
 * Persistence (infra/chat-store.ts over db/repositories/chat.repo.ts). Every moderation method
 * writes its change and its moderation-log row in one transaction. Times ("now") are the
 * database's, so every server process agrees on when a mute ends.
 */
export interface ChatStore {
  /** Stores a message; with a clientMessageId already used by this user, returns that one instead. */
  insertMessage(input: { userId: number; message: string; clientMessageId: string | null }): Promise<{ record: ChatMessageRecord; created: boolean }>;
  /** A line the platform writes (tip, rain), outside the player's limits. */
  insertSystemMessage(input: { kind: 'tip' | 'rain' | 'raffle'; userId: number | null; message: string }): Promise<ChatMessageRecord>;
  findByClientId(userId: number, clientMessageId: string): Promise<ChatMessageRecord | undefined>;
  /** Visible messages, oldest first (see listInputSchema for after/before). */
  listMessages(query: { after?: number; before?: number | null; limit: number }): Promise<ChatMessageRecord[]>;
  /** Soft-deletes a visible message and logs it; undefined when there was no such visible message. */
  deleteMessage(id: number, by: number | null, reason: string): Promise<{ userId: number } | undefined>;
  activeMuteEnd(userId: number): Promise<Date | null>;
  mute(userId: number, minutes: number, by: number | null, reason: string): Promise<Date>;
  /** Lifts every running mute of the user; logs it; how many were lifted. */
  unmute(userId: number, by: number | null, reason: string): Promise<number>;
  findUser(id: number): Promise<ChatUserRecord | undefined>;
  findUserByLoginName(loginName: string): Promise<ChatUserRecord | undefined>;
  slowModeSeconds(): Promise<number>;
  setSlowMode(seconds: number, by: number | null, reason: string): Promise<void>;
  activeAnnouncements(): Promise<AnnouncementRecord[]>;
  createAnnouncement(input: { type: AnnouncementType; message: string; expiresInMinutes: number | null }, by: number | null): Promise<AnnouncementRecord>;
  expireAnnouncement(id: number, by: number | null, reason: string): Promise<AnnouncementRecord | undefined>;
  moderationLog(query: { limit: number; before?: number | null }): Promise<ModerationLogRecord[]>;
}

/** Per-user send limits (Redis, shared by every process). Throws a TOO_MANY_REQUESTS DomainError. */
export interface ChatThrottle {
  admit(userId: number, slowModeSeconds: number): Promise<void>;
}

/** True while the user has a running self-exclusion (account work; infra/chat-store.ts wires it). */
export type SelfExclusionCheck = (userId: number) => Promise<boolean>;

/** Live events, published after commit. Implementations never throw (a lost event is logged). */
export interface ChatEventSink {
  messagePosted(message: ChatMessage): Promise<void>;
  messageDeleted(id: number): Promise<void>;
  announcementChanged(announcement: ChatAnnouncement): Promise<void>;
}
