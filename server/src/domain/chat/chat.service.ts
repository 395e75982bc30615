import type { Db } from '../../../../db/client.js';
import * as repo from '../../../../db/repositories/chat.repo.js';
import type { AnnouncementRow, ModerationLogRow } from '../../../../db/repositories/chat.repo.js';
import { DomainError } from '../errors.js';
import { auditSnapshot, withStaffAudit, type StaffActor } from '../staff/audit-log.js';
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

  /*
   * Moderation and announcements: each change, its moderation-log row and its staff audit line (`audit`: who, from
   * where) commit in one transaction. A refused or failed change rolls back and writes no line.
   */

  async deleteMessage(
    actor: ChatActor,
    input: { id: number; reason: string },
    audit: StaffActor,
  ): Promise<{ id: number; deleted: true }> {
    this.requireStaff(actor);
    const key = { id: input.id };
    await withStaffAudit(this.deps.db, audit, async (trx) => {
      const before = await auditSnapshot(trx, 'chat_messages', key);
      const result = await repo.softDeleteChatMessage(trx, input.id, actor.id, input.reason);
      if (!result) throw new DomainError('NOT_FOUND', 'Message not found', { code: 'MESSAGE_NOT_FOUND' });
      const after = await auditSnapshot(trx, 'chat_messages', key);
      return {
        result,
        action: { action: 'chat.delete', target: { type: 'chat-message', id: input.id }, before, after },
      };
    });
    this.changed('messages');
    this.publish('delete', () => this.deps.events.publish('chat-message-deleted', { id: input.id }));
    return { id: input.id, deleted: true };
  }

  /** Mutes a player; the audit line keeps the mute they were under before (null: none). */
  async mute(actor: ChatActor, input: MuteInput, audit: StaffActor): Promise<{ userId: number; mutedUntil: string }> {
    this.requireStaff(actor);
    const target = await repo.findChatUser(this.deps.db, input.userId);
    if (!target) throw new DomainError('NOT_FOUND', 'User not found', { code: 'USER_NOT_FOUND' });
    if (isStaff(target))
      throw new DomainError('FORBIDDEN', 'Moderators and admins cannot be muted', { code: 'FORBIDDEN' });
    return withStaffAudit(this.deps.db, audit, async (trx) => {
      const before = await repo.activeMuteEnd(trx, target.id);
      const until = await repo.insertMute(trx, target.id, input.minutes, actor.id, input.reason);
      const result = { userId: target.id, mutedUntil: until.toISOString() };
      return {
        result,
        action: {
          action: 'chat.mute',
          target: { type: 'user', id: target.id },
          before: { mutedUntil: before?.toISOString() ?? null },
          after: { mutedUntil: result.mutedUntil, minutes: input.minutes, reason: input.reason },
        },
      };
    });
  }

  /** Lifts a player's mutes; the audit line keeps when the lifted mute would have ended. */
  async unmute(
    actor: ChatActor,
    input: { userId: number; reason: string },
    audit: StaffActor,
  ): Promise<{ userId: number; lifted: number }> {
    this.requireStaff(actor);
    const target = await repo.findChatUser(this.deps.db, input.userId);
    if (!target) throw new DomainError('NOT_FOUND', 'User not found', { code: 'USER_NOT_FOUND' });
    return withStaffAudit(this.deps.db, audit, async (trx) => {
      const before = await repo.activeMuteEnd(trx, target.id);
      const lifted = await repo.liftMutes(trx, target.id, actor.id, input.reason);
      return {
        result: { userId: target.id, lifted },
        action: {
          action: 'chat.unmute',
          target: { type: 'user', id: target.id },
          before: { mutedUntil: before?.toISOString() ?? null },
          after: { mutedUntil: null, lifted, reason: input.reason },
        },
      };
    });
  }

  /** Sets slow mode; the audit line keeps the seconds it replaced. */
  async setSlowMode(actor: ChatActor, input: SlowModeInput, audit: StaffActor): Promise<ChatSettings> {
    this.requireStaff(actor);
    await withStaffAudit(this.deps.db, audit, async (trx) => {
      const before = await repo.readSlowModeSeconds(trx);
      await repo.writeSlowModeSeconds(trx, input.seconds, actor.id, input.reason);
      return {
        result: undefined,
        action: {
          action: 'chat.slowMode',
          target: { type: 'chat', id: null },
          before: { slowModeSeconds: before },
          after: { slowModeSeconds: input.seconds, reason: input.reason },
        },
      };
    });
    return this.settings();
  }

  async settings(): Promise<ChatSettings> {
    return { slowModeSeconds: await repo.readSlowModeSeconds(this.deps.db), maxLength: CHAT_MAX_LENGTH };
  }

  /** The running announcements, newest first. */
  async announcements(): Promise<ChatAnnouncement[]> {
    return (await repo.activeAnnouncements(this.deps.db)).map(toAnnouncement);
  }

  async createAnnouncement(
    actor: ChatActor,
    input: CreateAnnouncementInput,
    audit: StaffActor,
  ): Promise<ChatAnnouncement> {
    this.requireAdmin(actor);
    const record = await withStaffAudit(this.deps.db, audit, async (trx) => {
      const result = await repo.insertAnnouncement(
        trx,
        { type: input.type, message: input.message, expiresInMinutes: input.expiresInMinutes ?? null },
        actor.id,
      );
      return {
        result,
        action: {
          action: 'chat.announce',
          target: { type: 'chat-announcement', id: result.id },
          before: null,
          after: await auditSnapshot(trx, 'chat_announcements', { id: result.id }),
        },
      };
    });
    return this.announced(record);
  }

  async expireAnnouncement(
    actor: ChatActor,
    input: { id: number; reason: string },
    audit: StaffActor,
  ): Promise<ChatAnnouncement> {
    this.requireAdmin(actor);
    const key = { id: input.id };
    const record = await withStaffAudit(this.deps.db, audit, async (trx) => {
      const before = await auditSnapshot(trx, 'chat_announcements', key);
      const result = await repo.expireAnnouncement(trx, input.id, actor.id, input.reason);
      if (!result)
        throw new DomainError('NOT_FOUND', 'Announcement not found or already expired', {
          code: 'ANNOUNCEMENT_NOT_FOUND',
        });
      const after = await auditSnapshot(trx, 'chat_announcements', key);
      return {
        result,
        action: {
          action: 'chat.expireAnnouncement',
          target: { type: 'chat-announcement', id: input.id },
          before,
          after,
        },
      };
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
