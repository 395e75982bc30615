import { randomBytes } from 'node:crypto';
import { parseAmount } from '../domain/wallet/amounts.js';
import { NETWORKS, type Asset, type NetworkId } from '../domain/wallet/networks.js';
import { signWebhook, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../domain/wallet/webhook-signature.js';
import { CliUsageError, type CliCommand } from './cli-command.js';

const assetByCurrency: Record<string, Asset> = { USD: 'USDT', USDT: 'USDT', USDC: 'USDC', BZU: 'BZU' };

/** Wallet operator commands: the ledger check and a stand-in payment provider. */
export const walletCommands: Record<string, CliCommand> = {
  'ledger:check': {
    usage: 'ledger:check',
    description: 'Verifies every ledger invariant; exits non-zero on any break',
    async run(args, { services, print }) {
      if (args.length !== 0) throw new CliUsageError('takes no arguments');
      const { ok, problems } = await services.wallet.accounts.check();
      for (const problem of problems) print(`BROKEN ${problem.check}: ${problem.detail}`);
      if (!ok) throw new Error(`ledger check found ${problems.length} problem(s)`);
      print('ledger ok: every invariant holds');
    },
  },
  'deposit:simulate': {
    usage: 'deposit:simulate <loginName> <amount> <USD|USDT|USDC|BZU> [network] [--url <server>]',
    description: 'Plays the payment provider: signs and POSTs a confirmed deposit to a running server',
    async run(args, { services, print, env }) {
      const urlAt = args.indexOf('--url');
      const baseUrl = urlAt >= 0 ? args[urlAt + 1] : env?.publicUrl;
      const positional = urlAt >= 0 ? args.filter((_, index) => index !== urlAt && index !== urlAt + 1) : args;
      const [loginName, amountText, currencyArg, networkArg] = positional;
      if (!loginName || !amountText || !currencyArg || positional.length > 4 || !baseUrl)
        throw new CliUsageError('expected a login name, an amount and a currency');
      const asset = assetByCurrency[currencyArg.toUpperCase()];
      if (!asset) throw new CliUsageError(`unknown currency "${currencyArg}"`);
      // Only the processor's own networks take its webhook: one a configured EVM network stands for (the dev chain
      // stands for ERC20) is watched on chain instead. Default: the first processor network carrying the asset.
      const processorNetworks = services.wallet.networks
        .list()
        .filter((offered) => offered.chain === null && (offered.id as NetworkId) in NETWORKS);
      const networkId =
        networkArg ?? processorNetworks.find((offered) => offered.assets.includes(asset))?.id ?? 'ERC20';
      if (!processorNetworks.some((offered) => offered.id === networkId))
        throw new CliUsageError(
          `"${networkId}" is not a payment processor network here (${processorNetworks.map((offered) => offered.id).join(', ') || 'none'}); deposits on a configured EVM network arrive on chain`,
        );
      const network = networkId as NetworkId;
      let amount: bigint;
      try {
        amount = parseAmount(amountText);
      } catch {
        throw new CliUsageError(`"${amountText}" is not an amount with at most 8 decimals`);
      }
      if (amount <= 0n) throw new CliUsageError('the amount must be positive');
      const { address, requiredConfirmations } = await services.wallet.deposits.addressForLogin(loginName, network);
      const rawBody = JSON.stringify({
        network,
        asset,
        address,
        txHash: `0x${randomBytes(32).toString('hex')}`,
        outputIndex: 0,
        amount: amountText,
        confirmations: requiredConfirmations,
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const response = await fetch(new URL('/api/webhooks/deposits', baseUrl), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signWebhook(services.wallet.keys.webhookSecret, timestamp, rawBody),
        },
        body: rawBody,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`server answered ${response.status}: ${text}`);
      print(`deposit of ${amountText} ${asset} on ${network} to ${address} for ${loginName}: ${text}`);
    },
  },
};
