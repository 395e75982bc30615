import type { ChatActor } from '../domain/chat/chat.ports.js';
import { announcementTypes, type AnnouncementType } from '../domain/chat/chat.schemas.js';
import { CLI_ACTOR } from '../domain/staff/audit-log.js';
import { CliUsageError, type CliCommand } from './cli-command.js';

/**
 * The operator at the console: admin rights; the moderation log records it as moderator_id null, the staff audit
 * log as the `cli` actor (like `user:role`).
 */
const OPERATOR: ChatActor = { id: null, role: 'admin' };

function wholeNumber(text: string | undefined, what: string): number {
  if (!text || !/^\d+$/.test(text)) throw new CliUsageError(`${what} must be a whole number`);
  return Number(text);
}

function reasonFrom(words: string[]): string {
  const reason = words.join(' ').trim();
  if (!reason) throw new CliUsageError('a reason is required');
  return reason;
}

/** Trollbox moderation from the console; running servers see the effects at once (event bus). */
export const chatCommands: Record<string, CliCommand> = {
  'chat:mute': {
    usage: 'chat:mute <loginName> <minutes> <reason...>',
    description: 'Mutes a user in the chat',
    async run([loginName, minutes, ...reason], { services, print }) {
      if (!loginName) throw new CliUsageError('expected a login name');
      const userId = await services.chat.userIdByLoginName(loginName);
      const result = await services.chat.mute(
        OPERATOR,
        {
          userId,
          minutes: wholeNumber(minutes, 'minutes'),
          reason: reasonFrom(reason),
        },
        CLI_ACTOR,
      );
      print(`${loginName} (id ${userId}) is muted until ${result.mutedUntil}`);
    },
  },
  'chat:unmute': {
    usage: 'chat:unmute <loginName> <reason...>',
    description: 'Lifts a chat mute',
    async run([loginName, ...reason], { services, print }) {
      if (!loginName) throw new CliUsageError('expected a login name');
      const userId = await services.chat.userIdByLoginName(loginName);
      const result = await services.chat.unmute(OPERATOR, { userId, reason: reasonFrom(reason) }, CLI_ACTOR);
      print(`${loginName}: ${result.lifted} mute(s) lifted`);
    },
  },
  'chat:slow-mode': {
    usage: 'chat:slow-mode <seconds, 0 = off> <reason...>',
    description: 'Sets chat slow mode (one message per user per N seconds)',
    async run([seconds, ...reason], { services, print }) {
      const settings = await services.chat.setSlowMode(
        OPERATOR,
        {
          seconds: wholeNumber(seconds, 'seconds'),
          reason: reasonFrom(reason),
        },
        CLI_ACTOR,
      );
      print(
        settings.slowModeSeconds > 0 ? `slow mode: one message per ${settings.slowModeSeconds} s` : 'slow mode off',
      );
    },
  },
  'chat:delete': {
    usage: 'chat:delete <messageId> <reason...>',
    description: 'Removes a chat message for everyone',
    async run([id, ...reason], { services, print }) {
      await services.chat.deleteMessage(
        OPERATOR,
        { id: wholeNumber(id, 'messageId'), reason: reasonFrom(reason) },
        CLI_ACTOR,
      );
      print(`message ${id} deleted`);
    },
  },
  'chat:announce': {
    usage: 'chat:announce <battle|primary|info> <minutes, 0 = until expired> <message...>',
    description: 'Shows an announcement above the chat',
    async run([type, minutes, ...words], { services, print }) {
      if (!announcementTypes.includes(type as AnnouncementType))
        throw new CliUsageError('type must be battle, primary or info');
      const expiresIn = wholeNumber(minutes, 'minutes');
      const created = await services.chat.createAnnouncement(
        OPERATOR,
        {
          type: type as AnnouncementType,
          message: reasonFrom(words),
          expiresInMinutes: expiresIn > 0 ? expiresIn : undefined,
        },
        CLI_ACTOR,
      );
      print(`announcement ${created.id} shown${created.expiresAt ? ` until ${created.expiresAt}` : ''}`);
    },
  },
  'chat:log': {
    usage: 'chat:log [limit]',
    description: 'Prints the newest moderation log entries',
    async run([limit], { services, print }) {
      const { entries } = await services.chat.moderationLog(OPERATOR, {
        limit: limit ? Math.min(100, wholeNumber(limit, 'limit')) : 20,
      });
      for (const e of entries) {
        const target = e.targetMessageId
          ? ` message ${e.targetMessageId}`
          : e.targetUserId
            ? ` user ${e.targetUserId}`
            : '';
        print(
          `${e.createdAt}  ${e.action}${target} by ${e.moderatorName ?? (e.moderatorId === null ? 'operator' : e.moderatorId)}: ${e.reason}`,
        );
      }
    },
  },
};
