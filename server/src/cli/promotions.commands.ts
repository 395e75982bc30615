import { CliUsageError, type CliCommand } from './cli-command.js';

/** Promotions operator commands: the cost report, and settling finished races without waiting for the job. */
export const promotionsCommands: Record<string, CliCommand> = {
  'promotions:report': {
    usage: 'promotions:report [days]',
    description: 'What promotions cost per UTC day (paid, pending, forfeited), the last 30 days by default',
    async run(args, { services, print }) {
      if (args.length > 1) throw new CliUsageError('expected at most a number of days');
      const days = args[0] === undefined ? 30 : Number(args[0]);
      if (!Number.isInteger(days) || days < 1 || days > 366)
        throw new CliUsageError('days must be a whole number from 1 to 366');
      const report = await services.promotions.console.costReport(days);
      print(`Promotions cost since ${report.since.slice(0, 10)} (UTC days)`);
      print(['day', 'promotion', 'kind', 'currency', 'paid', 'pending', 'forfeited'].join('\t'));
      for (const row of report.days)
        print(
          [
            row.day,
            `#${row.promotionId} ${row.name}`,
            row.kind,
            row.currency,
            row.paid,
            row.pending,
            row.forfeited,
          ].join('\t'),
        );
      for (const total of report.totals)
        print(['total', '', '', total.currency, total.paid, total.pending, total.forfeited].join('\t'));
      if (report.days.length === 0) print('nothing granted in this period');
    },
  },
  'promotions:settle': {
    usage: 'promotions:settle',
    description: 'Freezes and pays every race past its end now (what the worker does every 30 s)',
    async run(args, { services, print }) {
      if (args.length > 0) throw new CliUsageError('expected no arguments');
      const { finalised, paid } = await services.promotions.races.settleDue();
      print(
        `races finalised: ${finalised.length === 0 ? 'none' : finalised.map((id) => `#${id}`).join(', ')}; prizes paid: ${paid}`,
      );
    },
  },
};
