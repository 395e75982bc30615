import { previousHour } from '../domain/token/burn.service.js';
import { CliUsageError, type CliCommand } from './cli-command.js';

/** Token operator commands. */
export const tokenCommands: Record<string, CliCommand> = {
  'token:burn': {
    usage: 'token:burn [--hour <ISO hour, e.g. 2026-11-27T13:00:00Z>]',
    description: 'Runs the buy-and-burn for one closed hour (default: the last one); a burned hour burns once',
    async run(args, { services, print }) {
      let hour = previousHour(new Date());
      if (args.length > 0) {
        if (args.length !== 2 || args[0] !== '--hour') throw new CliUsageError('expected nothing or --hour <ISO>');
        const parsed = new Date(args[1]!);
        if (Number.isNaN(parsed.getTime())) throw new CliUsageError(`"${args[1]}" is not an ISO date-time`);
        hour = parsed;
      }
      const outcome = await services.token.burn.burnHour(hour);
      const head = `${outcome.periodStart} - ${outcome.periodEnd}: revenue ${outcome.revenue} USD x share ${outcome.share}`;
      if (outcome.result === 'already-done')
        print(`${head}: already ${outcome.status}${outcome.reason ? ` (${outcome.reason})` : ''}; nothing done`);
      else if (outcome.result === 'skipped') print(`${head}: skipped (${outcome.reason})`);
      else
        print(
          `${head}: spent ${outcome.usdSpent} USD, bought and burned ${outcome.bzuBought} BZU at ${outcome.price} USD`,
        );
    },
  },
};
