import type { CustodyReport } from '../domain/chain/custody.js';
import { CliUsageError, type CliCommand } from './commands.js';

export function custodyLines(report: CustodyReport): string[] {
  const lines: string[] = [];
  for (const network of report.networks) {
    lines.push(
      `${network.label} (${network.name}): hot wallet ${network.hotWallet}, ${network.addressesChecked} deposit address(es)`,
    );
    if (network.error) lines.push(`  UNREADABLE: ${network.error}`);
    for (const token of network.tokens) {
      lines.push(
        `  ${token.symbol.padEnd(5)} hot ${token.hotWallet.padStart(18)}  deposit addresses ${token.depositAddresses.padStart(18)}  total ${token.total.padStart(18)} ${token.currency}`,
      );
    }
  }
  for (const currency of ['USD', 'BZU'] as const) {
    lines.push(
      `${currency}: held ${report.held[currency]}, owed to players ${report.owed[currency]}, surplus ${report.surplus[currency]}`,
    );
  }
  return lines;
}

/** EVM custody commands. */
export const chainCommands: Record<string, CliCommand> = {
  'custody:report': {
    usage: 'custody:report',
    description: 'On-chain holdings per network and token against what players are owed; exits 1 when short',
    async run(args, { services, print }) {
      if (args.length !== 0) throw new CliUsageError('takes no arguments');
      const report = await services.wallet.custody.report();
      if (report.networks.length === 0) print('No EVM network is configured (EVM_NETWORKS): nothing is held on chain.');
      for (const line of custodyLines(report)) print(line);
      if (!report.ok)
        throw new Error('custody: the chain holds less than the players are owed (or a network could not be read)');
      print('custody ok: the chain holds at least what the players are owed');
    },
  },
};
