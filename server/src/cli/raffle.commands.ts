import { CliUsageError, type CliCommand } from './cli-command.js';

/** Raffle operator commands. */
export const raffleCommands: Record<string, CliCommand> = {
  'raffle:draw': {
    usage: 'raffle:draw',
    description: 'Closes the open raffle now, draws and pays it, and opens the next one',
    async run(args, { services, print }) {
      if (args.length > 0) throw new CliUsageError('expected no arguments');
      const { raffle, paid } = await services.raffle.drawNow();
      const paidPrizes = raffle.prizes.filter((prize) => prize.amount !== '0');
      print(
        `Raffle #${raffle.id}: ${raffle.totalTickets} tickets from ${raffle.players} players, pool ${raffle.pool} USD; ${paid ? 'drawn' : 'already drawn'}`,
      );
      for (const prize of paidPrizes)
        print(`  ${prize.label}: ticket ${prize.ticket} -> ${prize.username} (id ${prize.userId}) ${prize.amount} USD`);
      print(`  not awarded (stays in the jackpot): ${raffle.unawardedAmount} USD; server seed ${raffle.serverSeed}`);
    },
  },
};
