import type { Db } from '../../../../db/client.js';
import * as repo from '../../../../db/repositories/chat.repo.js';
import type { AnnouncementRow, ModerationLogRow } from '../../../../db/repositories/chat.repo.js';
import { DomainError } from '../errors.js';
import type { PlatformEvents } from '../events/platform-events.js';
import type { ChatActor, ChatThrottle, SelfExclusionCheck } from './chat.ports.js';
import {
  CHAT_MAX_LENGTH,
  type CreateAnnouncementInput,
  type ListInput,
  type ModerationLogInput,
  type MuteInput,
  type SendInput,
  type SlowModeInput,
} from './chat.schemas.js';
import { toChatMessage, type ChatAnnouncement, type ChatMessage } from './chat.views.js';

export interface ChatSender {
  id: number;
  role: ChatActor['role'];
}

export interface ChatPage {
  /** Oldest first. */
  messages: ChatMessage[];
  /** Pass as `cursor` for the page of older messages; null when there is none (or with `after`). */
  nextCursor: number | null;
}

export interface ChatSettings {
  slowModeSeconds: number;
  maxLength: number;
}

/** What changed, for in-process caches of this process (other processes learn it from the bus). */
export type ChatChange = 'messages' | 'announcements';

export const LOGIN_REQUIRED_MESSAGE = 'You must be logged in to send messages';
export const SELF_EXCLUDED_CHAT_MESSAGE = 'Your account is self-excluded, so you cannot send chat messages';

const isStaff = (actor: { role: string }) => actor.role === 'moderator' || actor.role === 'admin';

/** What a live event was about, for the log line when it could not be published. */
export type ChatEventKind = 'message' | 'delete' | 'announcement';

export interface ChatServiceDeps {
  /** Messages, mutes, slow mode, announcements and the moderation log (db/repositories/chat.repo.ts). */
  db: Db;
  throttle: ChatThrottle;
  isSelfExcluded: SelfExclusionCheck;
  /** Live events, published after commit. */
  events: Pick<PlatformEvents, 'chatMessage' | 'publish'>;
  /** A live event that failed after its change committed: logged, never thrown (pollers' pages expire by max age). */
  onPublishError: (error: unknown, what: ChatEventKind) => void;
}

/**
 * The Trollbox: public reading, signed-in sending (muted and self-excluded users refused, per-user
 * rate limit, slow mode for non-staff), moderation with a log, and announcements.
 */
export class ChatService {
  private readonly changeListeners = new Set<(change: ChatChange) => void>();

  constructor(private readonly deps: ChatServiceDeps) {}

  /** Called after every committed change made through this process. */
  onChange(listener: (change: ChatChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  async list(input: ListInput): Promise<ChatPage> {
    const records = await repo.listChatMessages(this.deps.db, {
      after: input.after,
      before: input.after === undefined ? input.cursor : null,
      limit: input.limit,
    });
    const nextCursor = input.after === undefined && records.length === input.limit ? records[0]!.id : null;
    return { messages: records.map(toChatMessage), nextCursor };
  }

  async send(sender: ChatSender | null, input: SendInput): Promise<ChatMessage> {
    if (!sender) throw new DomainError('UNAUTHORIZED', LOGIN_REQUIRED_MESSAGE, { code: 'LOGIN_REQUIRED' });
    const { db } = this.deps;
    const clientMessageId = input.clientMessageId ?? null;
    if (clientMessageId) {
      const existing = await repo.findChatMessageByClientId(db, sender.id, clientMessageId);
      if (existing) return toChatMessage(existing);
    }
    const [excluded, mutedUntil, slowModeSeconds] = await Promise.all([
      this.deps.isSelfExcluded(sender.id),
      repo.activeMuteEnd(db, sender.id),
      repo.readSlowModeSeconds(db),
    ]);
    if (excluded) throw new DomainError('FORBIDDEN', SELF_EXCLUDED_CHAT_MESSAGE, { code: 'SELF_EXCLUDED' });
    if (mutedUntil) {
      throw new DomainError('FORBIDDEN', `You are muted in the chat until ${mutedUntil.toISOString()}`, {
        code: 'CHAT_MUTED',
        details: { mutedUntil: mutedUntil.toISOString() },
      });
    }
    await this.deps.throttle.admit(sender.id, isStaff(sender) ? 0 : slowModeSeconds);
    const { row, created } = await repo.insertChatMessage(db, {
      userId: sender.id,
      message: input.message,
      clientMessageId,
    });
    const message = toChatMessage(row);
    if (created) {
      this.changed('messages');
      this.messagePosted(message);
    }
    return message;
  }

  /** A tip or rain line: stored and broadcast like a message, but not subject to the player's limits. */
  async postSystemLine(line: {
    kind: 'tip' | 'rain' | 'raffle';
    userId: number | null;
    message: string;
  }): Promise<ChatMessage> {
    const message = toChatMessage(await repo.insertSystemChatMessage(this.deps.db, line));
    this.changed('messages');
    this.messagePosted(message);
    return message;
  }

  async deleteMessage(actor: ChatActor, input: { id: number; reason: string }): Promise<{ id: number; deleted: true }> {
    this.requireStaff(actor);
    const deleted = await repo.softDeleteChatMessage(this.deps.db, input.id, actor.id, input.reason);
    if (!deleted) throw new DomainError('NOT_FOUND', 'Message not found', { code: 'MESSAGE_NOT_FOUND' });
    this.changed('messages');
    this.publish('delete', () => this.deps.events.publish('chat-message-deleted', { id: input.id }));
    return { id: input.id, deleted: true };
  }

  async mute(actor: ChatActor, input: MuteInput): Promise<{ userId: number; mutedUntil: string }> {
    this.requireStaff(actor);
    const target = await repo.findChatUser(this.deps.db, input.userId);
    if (!target) throw new DomainError('NOT_FOUND', 'User not found', { code: 'USER_NOT_FOUND' });
    if (isStaff(target))
      throw new DomainError('FORBIDDEN', 'Moderators and admins cannot be muted', { code: 'FORBIDDEN' });
    const until = await repo.insertMute(this.deps.db, target.id, input.minutes, actor.id, input.reason);
    return { userId: target.id, mutedUntil: until.toISOString() };
  }

  async unmute(
    actor: ChatActor,
    input: { userId: number; reason: string },
  ): Promise<{ userId: number; lifted: number }> {
    this.requireStaff(actor);
    const target = await repo.findChatUser(this.deps.db, input.userId);
    if (!target) throw new DomainError('NOT_FOUND', 'User not found', { code: 'USER_NOT_FOUND' });
    return { userId: target.id, lifted: await repo.liftMutes(this.deps.db, target.id, actor.id, input.reason) };
  }

  async setSlowMode(actor: ChatActor, input: SlowModeInput): Promise<ChatSettings> {
    this.requireStaff(actor);
    await repo.writeSlowModeSeconds(this.deps.db, input.seconds, actor.id, input.reason);
    return this.settings();
  }

  async settings(): Promise<ChatSettings> {
    return { slowModeSeconds: await repo.readSlowModeSeconds(this.deps.db), maxLength: CHAT_MAX_LENGTH };
  }

  /** The running announcements, newest first. */
  async announcements(): Promise<ChatAnnouncement[]> {
    return (await repo.activeAnnouncements(this.deps.db)).map(toAnnouncement);
  }

  async createAnnouncement(actor: ChatActor, input: CreateAnnouncementInput): Promise<ChatAnnouncement> {
    this.requireAdmin(actor);
    const record = await repo.insertAnnouncement(
      this.deps.db,
      { type: input.type, message: input.message, expiresInMinutes: input.expiresInMinutes ?? null },
      actor.id,
    );
    return this.announced(record);
  }

  async expireAnnouncement(actor: ChatActor, input: { id: number; reason: string }): Promise<ChatAnnouncement> {
    this.requireAdmin(actor);
    const record = await repo.expireAnnouncement(this.deps.db, input.id, actor.id, input.reason);
    if (!record)
      throw new DomainError('NOT_FOUND', 'Announcement not found or already expired', {
        code: 'ANNOUNCEMENT_NOT_FOUND',
      });
    return this.announced(record);
  }

  async moderationLog(
    actor: ChatActor,
    input: ModerationLogInput,
  ): Promise<{ entries: ModerationLogView[]; nextCursor: number | null }> {
    this.requireStaff(actor);
    const records = await repo.listModerationLog(this.deps.db, { limit: input.limit, before: input.cursor });
    return {
      entries: records.map(toLogView),
      nextCursor: records.length === input.limit ? records[records.length - 1]!.id : null,
    };
  }

  /** For the operator CLI: a user id from a login name. */
  async userIdByLoginName(loginName: string): Promise<number> {
    const user = await repo.findChatUserByLoginName(this.deps.db, loginName);
    if (!user) throw new DomainError('NOT_FOUND', `No user with login name ${loginName}`, { code: 'USER_NOT_FOUND' });
    return user.id;
  }

  private async announced(record: AnnouncementRow): Promise<ChatAnnouncement> {
    const announcement = toAnnouncement(record);
    this.changed('announcements');
    this.publish('announcement', () => this.deps.events.publish('chat-announcement', { ...announcement }));
    return announcement;
  }

  private messagePosted(message: ChatMessage): void {
    this.publish('message', () => this.deps.events.chatMessage({ ...message }));
  }

  /**
   * The change is committed: its live event goes out without the caller waiting for Redis (a hung Redis must not hold
   * the answer; shutdown drains the bus), and a lost one is reported, not thrown.
   */
  private publish(what: ChatEventKind, run: () => Promise<unknown>): void {
    void run().catch((error: unknown) => this.deps.onPublishError(error, what));
  }

  private changed(change: ChatChange): void {
    for (const listener of this.changeListeners) {
      try {
        listener(change);
      } catch {
        // a cache listener must not fail the action that already committed
      }
    }
  }

  private requireStaff(actor: ChatActor): void {
    if (!isStaff(actor)) throw new DomainError('FORBIDDEN', 'Moderators and admins only', { code: 'FORBIDDEN' });
  }

  private requireAdmin(actor: ChatActor): void {
    if (actor.role !== 'admin') throw new DomainError('FORBIDDEN', 'Admins only', { code: 'FORBIDDEN' });
  }
}

export interface ModerationLogView {
  id: number;
  moderatorId: number | null;
  moderatorName: string | null;
  action: ModerationLogRow['action'];
  targetUserId: number | null;
  targetMessageId: number | null;
  reason: string;
  details: unknown;
  createdAt: string;
}

function toLogView(record: ModerationLogRow): ModerationLogView {
  return { ...record, createdAt: record.createdAt.toISOString() };
}

export function toAnnouncement(record: AnnouncementRow): ChatAnnouncement {
  return {
    id: record.id,
    type: record.type,
    message: record.message,
    createdAt: record.createdAt.toISOString(),
    expiresAt: record.expiresAt?.toISOString() ?? null,
  };
}
