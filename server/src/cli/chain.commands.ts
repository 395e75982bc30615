import type { CustodyReport } from '../domain/chain/custody.js';
import { CliUsageError, type CliCommand } from './cli-command.js';

/** The report as text: per network and token what the chain holds against the ledger's record, then per currency. */
export function custodyLines(report: CustodyReport): string[] {
  const lines: string[] = [];
  const amount = (text: string) => text.padStart(16);
  for (const network of report.networks) {
    lines.push(
      `${network.label} (${network.name}): hot wallet ${network.hotWallet}, ${network.addressesChecked} deposit address(es)${network.ok ? '' : '  SHORT'}`,
    );
    if (network.error) lines.push(`  UNREADABLE: ${network.error}`);
    if (network.tokens.length > 0) {
      lines.push(
        `  ${'token'.padEnd(5)} ${'hot wallet'.padStart(16)} ${'deposit addr.'.padStart(16)} ${'on chain'.padStart(16)} ${'ledger'.padStart(16)} ${'difference'.padStart(16)}`,
      );
    }
    for (const token of network.tokens) {
      lines.push(
        `  ${token.symbol.padEnd(5)} ${amount(token.hotWallet)} ${amount(token.depositAddresses)} ${amount(token.total)} ${amount(token.booked)} ${amount(token.difference)} ${token.currency}${token.ok ? '' : '  SHORT'}`,
      );
    }
  }
  if (report.networks.length > 0) {
    lines.push('  (ledger: deposits credited on the network less withdrawals paid from it)');
  }
  if (report.reorged.length > 0) {
    lines.push(
      `REORGED: ${report.reorged.length}${report.reorgedMore ? '+' : ''} credited deposit(s) left the chain after their credit; review each, then custody:reorg-reviewed <id>`,
    );
    for (const deposit of report.reorged) {
      lines.push(
        `  deposit ${deposit.id}  ${deposit.network}  ${deposit.amount} ${deposit.asset}  player ${deposit.loginName} (#${deposit.userId})  tx ${deposit.txHash}:${deposit.logIndex}  block ${deposit.blockNumber ?? '?'}  credited ${deposit.creditedAt ?? '?'}`,
      );
    }
  }
  for (const currency of ['USD', 'BZU'] as const) {
    lines.push(
      `${currency}: held on chain ${report.held[currency]}, owed to players ${report.owed[currency]}, surplus ${report.surplus[currency]}`,
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
        throw new Error(
          'custody: the chain holds less than the players are owed, a network holds less than its ledger, or a network could not be read',
        );
      // Balanced, but a player holds a credit whose transfer is no longer on chain: not "ok" until someone looked.
      if (report.reorged.length > 0)
        throw new Error('custody: credited deposits were reorged out of the chain and are not reviewed yet');
      print('custody ok: the chain holds at least what the players are owed');
    },
  },
  'payouts:held': {
    usage: 'payouts:held',
    description: 'Chain payouts held because another transaction took their nonce (resolve with payouts:resolve-held)',
    async run(args, { services, print }) {
      if (args.length !== 0) throw new CliUsageError('takes no arguments');
      const held = await services.wallet.heldPayouts.list();
      if (held.length === 0) print('No held payout.');
      for (const payout of held) {
        print(
          `withdrawal ${payout.withdrawalId}  ${payout.network}  nonce ${payout.nonce} of ${payout.sender}  ${payout.amount} ${payout.asset} to ${payout.address}  player #${payout.userId}  ${payout.withdrawalStatus}  held since ${payout.heldSince}`,
        );
      }
    },
  },
  'payouts:resolve-held': {
    usage: 'payouts:resolve-held <withdrawalId> refund <note...> | <withdrawalId> paid <txHash> <note...>',
    description:
      'Settles a held payout once you have read the transaction that took its nonce: refund the player, or record the transaction that paid them (audited)',
    async run(args, { services, print }) {
      const [id, resolution, ...rest] = args;
      if (!id || !/^[1-9]\d{0,17}$/.test(id) || (resolution !== 'refund' && resolution !== 'paid'))
        throw new CliUsageError('takes a withdrawal id, then refund <note> or paid <txHash> <note>');
      const actor = { id: null, role: 'cli' };
      if (resolution === 'refund') {
        const note = rest.join(' ').trim();
        if (note.length === 0 || note.length > 1000)
          throw new CliUsageError('a refund needs a note (1-1000 characters)');
        await services.wallet.heldPayouts.refund(actor, id, note);
        print(`withdrawal ${id} refunded (FAILED); its held payout is closed`);
      } else {
        const [txHash, ...words] = rest;
        const note = words.join(' ').trim();
        if (!txHash || note.length === 0 || note.length > 1000)
          throw new CliUsageError('paid needs the transaction hash and a note (1-1000 characters)');
        await services.wallet.heldPayouts.paid(actor, id, txHash, note);
        print(`withdrawal ${id} recorded as paid by ${txHash} (CONFIRMED)`);
      }
    },
  },
  'custody:reorg-reviewed': {
    usage: 'custody:reorg-reviewed <depositId> <note...>',
    description:
      'Marks a credited deposit that a reorg took off the chain as reviewed, with what was decided (audited; it leaves custody:report)',
    async run(args, { services, print }) {
      const [id, ...words] = args;
      const note = words.join(' ').trim();
      if (!id || !/^[1-9]\d{0,17}$/.test(id) || note.length === 0 || note.length > 1000)
        throw new CliUsageError('takes a deposit id and a note (1-1000 characters): what was decided');
      await services.wallet.custody.markReorgReviewed({ id: null, role: 'cli' }, id, note);
      print(`deposit ${id} marked reviewed (flag REORG_REVIEWED)`);
    },
  },
};
