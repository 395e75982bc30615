import { roundGameBySlug } from '../domain/games/registry.js';
import { CliUsageError, type CliCommand } from './cli-command.js';

/** Round games' operator commands. */
export const roundsCommands: Record<string, CliCommand> = {
  'rounds:salt': {
    usage: 'rounds:salt <game> <salt>',
    description:
      "Fixes the published chain's public salt (once, before round 1), e.g. the hash of a Bitcoin block mined after the terminal hash was published",
    async run(args, { services, print }) {
      const [slug, salt] = args;
      const game = slug ? roundGameBySlug(slug) : undefined;
      if (!game || !salt || args.length !== 2) throw new CliUsageError('expected a round game (crash) and the salt');
      await services.rounds.fixSalt(game, salt);
      print(`${game.slug}: salt fixed; rounds start with the runner's next pass`);
    },
  },
};
