import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PROVIDER_CATEGORIES, providerImportSchema } from '../domain/providers/providers.schemas.js';
import { CLI_ACTOR } from '../domain/staff/audit-log.js';
import { CliUsageError, type CliCommand } from './cli-command.js';

/** The reference provider (providers/reference/) as `providers:reference` registers it: one demo slot. */
export const REFERENCE_PROVIDER = {
  id: 'reference',
  name: 'Reference Studio (demo)',
  gameId: 'demo-slot',
  gameName: 'Reference Demo Slot',
  rtp: '96',
  /** Three sevens pay 13x (demo-slot.ts). */
  maxMultiplier: '13',
} as const;

const onOff = (value: string | undefined) => {
  if (value !== 'on' && value !== 'off') throw new CliUsageError('expected on or off');
  return value === 'on';
};

/** Provider configuration and operations (docs/providers.md "Configuration"). */
export const providersCommands: Record<string, CliCommand> = {
  'providers:list': {
    usage: 'providers:list',
    description: 'Lists the game providers and their games',
    async run(args, { services, print }) {
      if (args.length > 0) throw new CliUsageError('expected no arguments');
      const games = await services.providers.registry.games();
      for (const p of await services.providers.registry.providers()) {
        print(`${p.id}  ${p.name}  ${p.enabled ? 'enabled' : 'DISABLED'}  ${p.origin}  secret ${p.secretHint}`);
        for (const g of games.filter((game) => game.providerId === p.id))
          print(`  ${g.gameId}  ${g.name}  ${g.category}  RTP ${g.rtp}%  ${g.enabled ? '' : 'DISABLED'}`);
      }
    },
  },
  'providers:add': {
    usage: 'providers:add <id> <name> <origin> <launchUrlTemplate> [secret]',
    description: 'Adds or edits a provider; prints a new random secret when none is given',
    async run(args, { services, print }) {
      const [id, name, origin, launchUrlTemplate, given] = args;
      if (!id || !name || !origin || !launchUrlTemplate || args.length > 5)
        throw new CliUsageError('expected id, name, origin and launch URL template');
      const secret = given ?? randomBytes(32).toString('hex');
      const saved = await services.providers.registry.saveProvider(
        { id, name, origin, launchUrlTemplate, secret },
        CLI_ACTOR,
      );
      print(
        `${saved.id} saved (${saved.enabled ? 'enabled' : 'disabled'})${given ? '' : `; its signing secret, shown once: ${secret}`}`,
      );
    },
  },
  'providers:enable': {
    usage: 'providers:enable <id> <on|off>',
    description: 'Turns a provider on or off (off: no launches, no new bets; wins and rollbacks still settle)',
    async run(args, { services, print }) {
      const [id, state] = args;
      if (!id || args.length !== 2) throw new CliUsageError('expected a provider id and on or off');
      const saved = await services.providers.registry.saveProvider({ id, enabled: onOff(state) }, CLI_ACTOR);
      print(`${saved.id} is ${saved.enabled ? 'enabled' : 'disabled'}`);
    },
  },
  'providers:game': {
    usage: 'providers:game <provider> <gameId> <name> <category> <rtp> <maxMultiplier> [thumbnailUrl]',
    description: `Adds or edits a provider game (category: ${PROVIDER_CATEGORIES.join(', ')}; rtp in percent, e.g. 96.5; maxMultiplier: the most a round pays as a multiple of its stakes, e.g. 5000)`,
    async run(args, { services, print }) {
      const [providerId, gameId, name, category, rtp, maxMultiplier, thumbnailUrl] = args;
      if (!providerId || !gameId || !name || !category || !rtp || !maxMultiplier || args.length > 7)
        throw new CliUsageError('expected provider, game id, name, category, rtp and max multiplier');
      if (!(PROVIDER_CATEGORIES as readonly string[]).includes(category))
        throw new CliUsageError(`unknown category "${category}"`);
      const saved = await services.providers.registry.saveGame(
        {
          providerId,
          gameId,
          name,
          category: category as (typeof PROVIDER_CATEGORIES)[number],
          rtp,
          maxMultiplier,
          ...(thumbnailUrl ? { thumbnailUrl } : {}),
        },
        CLI_ACTOR,
      );
      print(
        `${saved.providerId}/${saved.gameId} saved: ${saved.name}, ${saved.category}, RTP ${saved.rtp}%, at most x${saved.maxMultiplier}`,
      );
    },
  },
  'providers:resume': {
    usage: 'providers:resume <id>',
    description: 'Resumes a provider the payout breaker (or providers:pause) paused: it takes new bets again',
    async run(args, { services, print }) {
      const [id] = args;
      if (!id || args.length !== 1) throw new CliUsageError('expected a provider id');
      const resumed = await services.providers.registry.resume(id, CLI_ACTOR);
      print(resumed ? `${id} resumed: it takes new bets again` : `${id} was not paused`);
    },
  },
  'providers:pause': {
    usage: 'providers:pause <id> [reason]',
    description: 'Pauses a provider for new bets (wins and rollbacks still settle) until providers:resume',
    async run(args, { services, print }) {
      const [id, ...reason] = args;
      if (!id) throw new CliUsageError('expected a provider id');
      const paused = await services.providers.registry.pause(
        id,
        reason.join(' ') || 'paused by an operator',
        CLI_ACTOR,
      );
      print(paused ? `${id} paused for new bets` : `${id} was paused already`);
    },
  },
  'providers:game-enable': {
    usage: 'providers:game-enable <provider> <gameId> <on|off>',
    description: 'Shows or hides one provider game',
    async run(args, { services, print }) {
      const [providerId, gameId, state] = args;
      if (!providerId || !gameId || args.length !== 3)
        throw new CliUsageError('expected provider, game id and on or off');
      const saved = await services.providers.registry.saveGame(
        { providerId, gameId, enabled: onOff(state) },
        CLI_ACTOR,
      );
      print(`${saved.providerId}/${saved.gameId} is ${saved.enabled ? 'enabled' : 'disabled'}`);
    },
  },
  'providers:import': {
    usage: 'providers:import <file.json>',
    description: 'Creates or updates providers and their games from a JSON file (docs/providers.md has the format)',
    async run(args, { services, print }) {
      const [file] = args;
      if (!file || args.length !== 1) throw new CliUsageError('expected one JSON file');
      let json: unknown;
      try {
        json = JSON.parse(await readFile(file, 'utf8'));
      } catch (error) {
        throw new CliUsageError(`cannot read ${file}: ${(error as Error).message}`);
      }
      const parsed = providerImportSchema.safeParse(json);
      if (!parsed.success)
        throw new CliUsageError(
          parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'),
        );
      const done = await services.providers.registry.importConfig(parsed.data, CLI_ACTOR);
      print(`imported ${done.providers} providers and ${done.games} games`);
    },
  },
  'providers:reference': {
    usage: 'providers:reference [url] [secret]',
    description:
      'Registers the reference provider (npm run provider:reference) at url (default http://localhost:4100); for trying the integration',
    async run(args, { services, print, env }) {
      if (args.length > 2) throw new CliUsageError('expected at most a URL and a secret');
      const url = new URL(args[0] ?? 'http://localhost:4100');
      // The studio listens where it was registered and calls the wallet of the platform this CLI configures.
      const studioPort = url.port || (url.protocol === 'https:' ? '443' : '80');
      const platformUrl = env?.publicUrl ?? 'http://localhost:5001';
      const secret = args[1] ?? process.env.REFERENCE_PROVIDER_SECRET ?? randomBytes(32).toString('hex');
      await services.providers.registry.saveProvider(
        {
          id: REFERENCE_PROVIDER.id,
          name: REFERENCE_PROVIDER.name,
          origin: url.origin,
          launchUrlTemplate: `${url.origin}/slot?token={token}&currency={currency}&lang={language}&return={returnUrl}`,
          secret,
          enabled: true,
        },
        CLI_ACTOR,
      );
      await services.providers.registry.saveGame(
        {
          providerId: REFERENCE_PROVIDER.id,
          gameId: REFERENCE_PROVIDER.gameId,
          name: REFERENCE_PROVIDER.gameName,
          category: 'slots',
          rtp: REFERENCE_PROVIDER.rtp,
          maxMultiplier: REFERENCE_PROVIDER.maxMultiplier,
          thumbnailUrl: `${url.origin}/thumbnail.svg`,
          enabled: true,
        },
        CLI_ACTOR,
      );
      print(
        `reference provider registered at ${url.origin}; start it with PLATFORM_URL=${platformUrl} REFERENCE_PROVIDER_PORT=${studioPort} REFERENCE_PROVIDER_SECRET=${secret} npm run provider:reference`,
      );
    },
  },
  'providers:report': {
    usage: 'providers:report [days]',
    description: 'Provider bets, wins, rollbacks and GGR per day, and the reconciliation against the ledger',
    async run(args, { services, print }) {
      const days = args[0] === undefined ? 7 : Number(args[0]);
      if (!Number.isInteger(days) || days < 1 || days > 90 || args.length > 1)
        throw new CliUsageError('expected a number of days from 1 to 90');
      for (const row of await services.providers.registry.daily(days)) {
        print(
          `${row.day}  ${row.providerId}  ${row.currency}  bets ${row.bets} (${row.betCount})  wins ${row.wins}  rollbacks ${row.rollbacks}  GGR ${row.ggr}`,
        );
      }
      const check = await services.providers.registry.reconciliation();
      for (const line of check.lines.filter((l) => !l.matches))
        print(
          `MISMATCH ${line.providerId} ${line.currency} ${line.kind}: recorded ${line.recorded}, ledger ${line.ledger}`,
        );
      for (const problem of check.problems) print(`BROKEN ${problem.check}: ${problem.detail}`);
      // A mismatch or a broken round fails the command (exit code 1), so a scheduled run can alert on it.
      if (!check.ok)
        throw new Error('reconciliation: provider transactions do not match the ledger or a round broke its limits');
      print('reconciliation: provider transactions match the ledger');
    },
  },
};
