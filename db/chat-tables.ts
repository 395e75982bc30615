import type { ColumnType } from 'kysely';
import type { Generated, NullableTimestamp, Timestamp } from './schema.js';

/** BIGINT identity columns: pg returns them as strings. */
type BigId = ColumnType<string, string | number | bigint | undefined, never>;

export type ChatMessageKind = 'user' | 'tip' | 'rain' | 'raffle';

export interface ChatMessagesTable {
  id: BigId;
  /** Null only on a rain or raffle line (kind 'rain' / 'raffle'). */
  user_id: number | null;
  message: string;
  kind: ColumnType<ChatMessageKind, ChatMessageKind | undefined, ChatMessageKind>;
  /** The sender's rank when the message was sent (player economy). */
  user_rank: string | null;
  client_message_id: string | null;
  created_at: Generated<Timestamp>;
  deleted_at: NullableTimestamp;
  deleted_by: number | null;
}

export interface ChatMutesTable {
  id: BigId;
  user_id: number;
  ends_at: Timestamp;
  created_by: number | null;
  reason: string;
  created_at: Generated<Timestamp>;
  lifted_at: NullableTimestamp;
}

export type ChatAnnouncementType = 'battle' | 'primary' | 'info';

export interface ChatAnnouncementsTable {
  id: Generated<number>;
  type: ChatAnnouncementType;
  message: string;
  created_by: number | null;
  created_at: Generated<Timestamp>;
  expires_at: NullableTimestamp;
}

export type ChatModerationAction = 'delete' | 'mute' | 'unmute' | 'slow_mode' | 'announce' | 'expire_announcement';

export interface ChatModerationLogTable {
  id: BigId;
  moderator_id: number | null;
  action: ChatModerationAction;
  target_user_id: number | null;
  target_message_id: string | number | null;
  reason: string;
  details: ColumnType<unknown, string | undefined, string>;
  created_at: Generated<Timestamp>;
}

/** The Trollbox tables (migration 20261124_0001_chat); self_exclusions is typed with the wallet's. */
export interface ChatTables {
  chat_messages: ChatMessagesTable;
  chat_mutes: ChatMutesTable;
  chat_announcements: ChatAnnouncementsTable;
  chat_moderation_log: ChatModerationLogTable;
}
