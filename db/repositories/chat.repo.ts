import { sql, type Kysely } from 'kysely';
import type { ChatAnnouncementType, ChatMessageKind, ChatModerationAction } from '../chat-tables.js';
import type { Database, UserRole } from '../schema.js';

type Executor = Kysely<Database>;

/**
 * Runs `work` in a transaction: the caller's when it passes one (a staff action writing its audit line with the
 * change, domain/staff/audit-log.ts withStaffAudit), else a new one.
 */
function transactional<T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Inserts take this transaction-level advisory lock, so message ids become visible in id order:
 * a poller that has seen id N can never later miss a smaller id that committed after it.
 */
const CHAT_INSERT_LOCK = 0x4348_4154; // "CHAT"

export interface ChatMessageRow {
  id: number;
  /** 0 on a rain line (no author). */
  userId: number;
  message: string;
  createdAt: Date;
  username: string;
  role: UserRole;
  accountCreatedAt: Date;
  kind: ChatMessageKind;
  /** The sender's rank when the message was written (null before the player economy existed). */
  rank: string | null;
}

interface RawMessageRow {
  id: string;
  user_id: number | null;
  message: string;
  created_at: Date;
  public_username: string | null;
  role: UserRole | null;
  account_created_at: Date | null;
  kind: ChatMessageKind;
  user_rank: string | null;
}

/** The name a line without an author shows: the feature that posted it. */
const SYSTEM_AUTHORS: Partial<Record<ChatMessageKind, string>> = { raffle: 'Raffle' };
const DEFAULT_SYSTEM_AUTHOR = 'Rain';

function toRow(raw: RawMessageRow): ChatMessageRow {
  return {
    id: Number(raw.id),
    userId: raw.user_id ?? 0,
    message: raw.message,
    createdAt: new Date(raw.created_at),
    username: raw.public_username ?? SYSTEM_AUTHORS[raw.kind] ?? DEFAULT_SYSTEM_AUTHOR,
    role: raw.role ?? 'user',
    accountCreatedAt: new Date(raw.account_created_at ?? raw.created_at),
    kind: raw.kind,
    rank: raw.user_rank,
  };
}

function messagesWithSender(db: Executor) {
  return db
    .selectFrom('chat_messages as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.user_id',
      'm.message',
      'm.created_at',
      'm.kind',
      'm.user_rank',
      'u.public_username',
      'u.role',
      'u.created_at as account_created_at',
    ]);
}

/** A line the platform writes (a tip, a rain): no client id, no throttle; the author's rank as of now. */
export async function insertSystemChatMessage(
  db: Executor,
  input: { kind: ChatMessageKind; userId: number | null; message: string },
): Promise<ChatMessageRow> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${CHAT_INSERT_LOCK})`.execute(trx);
    const { rows } = await sql<RawMessageRow>`
      with inserted as (
        insert into chat_messages (user_id, message, kind, user_rank, created_at)
        values (${input.userId}, ${input.message}, ${input.kind}, (select rank from player_xp where user_id = ${input.userId}), clock_timestamp())
        returning id, user_id, message, created_at, kind, user_rank
      )
      select i.id, i.user_id, i.message, i.created_at, i.kind, i.user_rank, u.public_username, u.role, u.created_at as account_created_at
      from inserted i left join users u on u.id = i.user_id`.execute(trx);
    return toRow(rows[0]!);
  });
}

export async function insertChatMessage(
  db: Executor,
  input: { userId: number; message: string; clientMessageId: string | null },
): Promise<{ row: ChatMessageRow; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${CHAT_INSERT_LOCK})`.execute(trx);
    const { rows } = await sql<RawMessageRow>`
      with inserted as (
        insert into chat_messages (user_id, message, client_message_id, user_rank, created_at)
        values (${input.userId}, ${input.message}, ${input.clientMessageId}, (select rank from player_xp where user_id = ${input.userId}), clock_timestamp())
        on conflict (user_id, client_message_id) where client_message_id is not null do nothing
        returning id, user_id, message, created_at, kind, user_rank
      )
      select i.id, i.user_id, i.message, i.created_at, i.kind, i.user_rank, u.public_username, u.role, u.created_at as account_created_at
      from inserted i join users u on u.id = i.user_id`.execute(trx);
    if (rows[0]) return { row: toRow(rows[0]), created: true };
    const existing = await findChatMessageByClientId(trx, input.userId, input.clientMessageId!);
    return { row: existing!, created: false };
  });
}

export async function findChatMessageByClientId(
  db: Executor,
  userId: number,
  clientMessageId: string,
): Promise<ChatMessageRow | undefined> {
  const raw = await messagesWithSender(db)
    .where('m.user_id', '=', userId)
    .where('m.client_message_id', '=', clientMessageId)
    .executeTakeFirst();
  return raw ? toRow(raw as RawMessageRow) : undefined;
}

/** Visible messages, oldest first: after `after` ascending, or the newest before `before`. */
export async function listChatMessages(
  db: Executor,
  query: { after?: number; before?: number | null; limit: number },
): Promise<ChatMessageRow[]> {
  let select = messagesWithSender(db).where('m.deleted_at', 'is', null);
  if (query.after !== undefined) {
    const rows = await select
      .where('m.id', '>', String(query.after))
      .orderBy('m.id', 'asc')
      .limit(query.limit)
      .execute();
    return rows.map((raw) => toRow(raw as RawMessageRow));
  }
  if (query.before) select = select.where('m.id', '<', String(query.before));
  const rows = await select.orderBy('m.id', 'desc').limit(query.limit).execute();
  return rows.map((raw) => toRow(raw as RawMessageRow)).reverse();
}

export async function insertModerationLog(
  db: Executor,
  entry: {
    moderatorId: number | null;
    action: ChatModerationAction;
    targetUserId?: number | null;
    targetMessageId?: number | null;
    reason: string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db
    .insertInto('chat_moderation_log')
    .values({
      moderator_id: entry.moderatorId,
      action: entry.action,
      target_user_id: entry.targetUserId ?? null,
      target_message_id: entry.targetMessageId ?? null,
      reason: entry.reason,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}

export async function softDeleteChatMessage(
  db: Executor,
  id: number,
  by: number | null,
  reason: string,
): Promise<{ userId: number } | undefined> {
  return transactional(db, async (trx) => {
    const row = await trx
      .updateTable('chat_messages')
      .set({ deleted_at: sql`now()`, deleted_by: by })
      .where('id', '=', String(id))
      .where('deleted_at', 'is', null)
      .returning(['user_id', 'message'])
      .executeTakeFirst();
    if (!row) return undefined;
    await insertModerationLog(trx, {
      moderatorId: by,
      action: 'delete',
      targetUserId: row.user_id,
      targetMessageId: id,
      reason,
      details: { message: row.message },
    });
    return { userId: row.user_id ?? 0 };
  });
}

export async function activeMuteEnd(db: Executor, userId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('chat_mutes')
    .select((eb) => eb.fn.max('ends_at').as('ends_at'))
    .where('user_id', '=', userId)
    .where('lifted_at', 'is', null)
    .where('ends_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.ends_at ? new Date(row.ends_at as Date) : null;
}

export async function insertMute(
  db: Executor,
  userId: number,
  minutes: number,
  by: number | null,
  reason: string,
): Promise<Date> {
  return transactional(db, async (trx) => {
    const row = await trx
      .insertInto('chat_mutes')
      .values({
        user_id: userId,
        ends_at: sql<Date>`now() + make_interval(mins => ${minutes})`,
        created_by: by,
        reason,
      })
      .returning('ends_at')
      .executeTakeFirstOrThrow();
    const endsAt = new Date(row.ends_at);
    await insertModerationLog(trx, {
      moderatorId: by,
      action: 'mute',
      targetUserId: userId,
      reason,
      details: { minutes, until: endsAt.toISOString() },
    });
    return endsAt;
  });
}

export async function liftMutes(db: Executor, userId: number, by: number | null, reason: string): Promise<number> {
  return transactional(db, async (trx) => {
    const lifted = await trx
      .updateTable('chat_mutes')
      .set({ lifted_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('lifted_at', 'is', null)
      .where('ends_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    const count = Number(lifted.numUpdatedRows);
    await insertModerationLog(trx, {
      moderatorId: by,
      action: 'unmute',
      targetUserId: userId,
      reason,
      details: { lifted: count },
    });
    return count;
  });
}

export function findChatUser(db: Executor, id: number) {
  return db.selectFrom('users').select(['id', 'login_name', 'role']).where('id', '=', id).executeTakeFirst();
}

export function findChatUserByLoginName(db: Executor, loginName: string) {
  return db
    .selectFrom('users')
    .select(['id', 'login_name', 'role'])
    .where(sql`lower(login_name)`, '=', loginName.toLowerCase())
    .executeTakeFirst();
}

const SLOW_MODE_KEY = 'chat.slowModeSeconds';

export async function readSlowModeSeconds(db: Executor): Promise<number> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', SLOW_MODE_KEY).executeTakeFirst();
  const value = Number(row?.value ?? 0);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export async function writeSlowModeSeconds(
  db: Executor,
  seconds: number,
  by: number | null,
  reason: string,
): Promise<void> {
  await transactional(db, async (trx) => {
    const previous = await readSlowModeSeconds(trx);
    await trx
      .insertInto('app_settings')
      .values({ key: SLOW_MODE_KEY, value: JSON.stringify(seconds) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(seconds), updated_at: sql`now()` }))
      .execute();
    await insertModerationLog(trx, { moderatorId: by, action: 'slow_mode', reason, details: { seconds, previous } });
  });
}

export interface AnnouncementRow {
  id: number;
  type: ChatAnnouncementType;
  message: string;
  createdAt: Date;
  expiresAt: Date | null;
}

const announcementColumns = ['id', 'type', 'message', 'created_at', 'expires_at'] as const;

function toAnnouncementRow(row: {
  id: number;
  type: ChatAnnouncementType;
  message: string;
  created_at: Date;
  expires_at: Date | null;
}): AnnouncementRow {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    createdAt: new Date(row.created_at),
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
  };
}

export async function activeAnnouncements(db: Executor): Promise<AnnouncementRow[]> {
  const rows = await db
    .selectFrom('chat_announcements')
    .select(announcementColumns)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return rows.map(toAnnouncementRow);
}

export async function insertAnnouncement(
  db: Executor,
  input: { type: ChatAnnouncementType; message: string; expiresInMinutes: number | null },
  by: number | null,
): Promise<AnnouncementRow> {
  return transactional(db, async (trx) => {
    const row = await trx
      .insertInto('chat_announcements')
      .values({
        type: input.type,
        message: input.message,
        created_by: by,
        expires_at:
          input.expiresInMinutes === null ? null : sql<Date>`now() + make_interval(mins => ${input.expiresInMinutes})`,
      })
      .returning(announcementColumns)
      .executeTakeFirstOrThrow();
    await insertModerationLog(trx, {
      moderatorId: by,
      action: 'announce',
      reason: input.message,
      details: { announcementId: row.id, type: input.type, expiresInMinutes: input.expiresInMinutes },
    });
    return toAnnouncementRow(row);
  });
}

export async function expireAnnouncement(
  db: Executor,
  id: number,
  by: number | null,
  reason: string,
): Promise<AnnouncementRow | undefined> {
  return transactional(db, async (trx) => {
    const row = await trx
      .updateTable('chat_announcements')
      .set({ expires_at: sql`now()` })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
      .returning(announcementColumns)
      .executeTakeFirst();
    if (!row) return undefined;
    await insertModerationLog(trx, {
      moderatorId: by,
      action: 'expire_announcement',
      reason,
      details: { announcementId: id },
    });
    return toAnnouncementRow(row);
  });
}

export interface ModerationLogRow {
  id: number;
  moderatorId: number | null;
  moderatorName: string | null;
  action: ChatModerationAction;
  targetUserId: number | null;
  targetMessageId: number | null;
  reason: string;
  details: unknown;
  createdAt: Date;
}

/** The moderation log, newest first. */
export async function listModerationLog(
  db: Executor,
  query: { limit: number; before?: number | null },
): Promise<ModerationLogRow[]> {
  let select = db
    .selectFrom('chat_moderation_log as l')
    .leftJoin('users as u', 'u.id', 'l.moderator_id')
    .select([
      'l.id',
      'l.moderator_id',
      'u.public_username',
      'l.action',
      'l.target_user_id',
      'l.target_message_id',
      'l.reason',
      'l.details',
      'l.created_at',
    ]);
  if (query.before) select = select.where('l.id', '<', String(query.before));
  const rows = await select.orderBy('l.id', 'desc').limit(query.limit).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    moderatorId: row.moderator_id,
    moderatorName: row.public_username,
    action: row.action,
    targetUserId: row.target_user_id,
    targetMessageId: row.target_message_id === null ? null : Number(row.target_message_id),
    reason: row.reason,
    details: row.details,
    createdAt: new Date(row.created_at),
  }));
}
