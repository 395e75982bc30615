import type { EventOutbox } from '../domain/events/event-outbox.js';
import { forfeitBonusOnWithdrawal } from '../domain/promotions/bonus-ledger.js';
import { AddressDeriver } from '../domain/wallet/networks.js';
import { DepositService } from '../domain/wallet/deposit.service.js';
import { LedgerService } from '../domain/wallet/ledger.service.js';
import { ReferralService } from '../domain/wallet/referral.service.js';
import { ResponsibleGamingService } from '../domain/wallet/responsible-gaming.service.js';
import type { Clock } from '../domain/responsible-gaming/clock.js';
import { PlayLimitsService } from '../domain/responsible-gaming/play-limits.service.js';
import { RealityCheckService } from '../domain/responsible-gaming/reality-check.service.js';
import { ProtectionConsoleService } from '../domain/responsible-gaming/protection-console.service.js';
import { WalletService } from '../domain/wallet/wallet.service.js';
import {
  manualPayoutAdapter,
  WithdrawalService,
  type PasswordConfirmer,
  type PayoutAdapter,
  type SecondFactorCheck,
} from '../domain/wallet/withdrawal.service.js';
import { CashierNetworks } from '../domain/wallet/cashier-networks.js';
import { CustodyService } from '../domain/chain/custody.js';
import { DevChainFaucet } from '../domain/chain/dev-faucet.js';
import { devChainPayer } from '../infra/dev-chain-payer.js';
import { HeldPayouts } from '../domain/chain/held-payouts.js';
import { EvmPayoutChain } from '../infra/evm-payouts.js';
import { createEvmClient } from '../infra/evm-rpc.js';
import { createLogger } from '../infra/logger.js';
import { hotWalletAddress } from '../infra/wallet-signing-keys.js';
import { loadWalletKeys, walletKeyOptions } from '../infra/wallet-keys.js';
import type { Infrastructure } from '../infrastructure.js';

/**
 * The ledger and what reads or credits it without asking the account holder anything: balances and
 * transactions, and referral commissions. Built before auth, which shows balances and attributes
 * sign-ups to referral codes.
 */
export function createLedger({ env, db }: Infrastructure, outbox: EventOutbox) {
  const ledger = new LedgerService({ db, outbox });
  const accounts = new WalletService({ ledger, db });
  const referrals = new ReferralService({ db, ledger }, { ratePpm: env.config.wallet.referralRatePpm });
  return { ledger, accounts, referrals };
}

export type LedgerServices = ReturnType<typeof createLedger>;

/** The account holder's confirmations that moving money asks for (auth's password, two-factor and step-up checks). */
export interface AccountChecks {
  confirmPassword: PasswordConfirmer;
  secondFactor: SecondFactorCheck;
  stepUp: (userId: number, password: string | undefined, otp: string | undefined) => Promise<void>;
}

/** The wallet area: the ledger's services plus deposits, withdrawals and responsible gaming; withdrawals and limits re-check the holder through auth. */
export function createWallet(
  infra: Infrastructure,
  { ledger, accounts, referrals }: LedgerServices,
  checks: AccountChecks,
  payout: PayoutAdapter = manualPayoutAdapter,
  clock?: Clock,
) {
  const { env, db, jobs } = infra;
  const { config } = env;
  const logger = createLogger(env.LOG_LEVEL, 'wallet');
  const keys = loadWalletKeys(walletKeyOptions(env), logger);
  const responsibleGaming = new ResponsibleGamingService({ db, stepUp: checks.stepUp });
  const playLimits = new PlayLimitsService({
    db,
    clock,
    onError: (error, what) => logger.warn({ err: error }, `${what} failed`),
  });
  const realityChecks = new RealityCheckService({ db }, { defaultMinutes: env.REALITY_CHECK_DEFAULT_MINUTES });
  const protectionConsole = new ProtectionConsoleService({ db, playLimits, responsibleGaming, realityChecks, clock });
  const networks = new CashierNetworks(env.evmNetworks, config.wallet.depositConfirmations);
  const deposits = new DepositService(
    { db, ledger, responsibleGaming, deriver: new AddressDeriver(keys.xpub), networks },
    {
      webhookSecret: keys.webhookSecret,
      webhookToleranceSeconds: env.DEPOSIT_WEBHOOK_TOLERANCE_SECONDS,
      confirmations: config.wallet.depositConfirmations,
    },
  );
  const withdrawals = new WithdrawalService(
    {
      db,
      ledger,
      // Password, then the two-factor code when the account has 2FA on.
      confirmPassword: checks.confirmPassword,
      secondFactor: checks.secondFactor,
      payoutQueue: {
        enqueue: (withdrawalId) =>
          jobs.enqueue('wallet', 'payout', { withdrawalId }, { jobId: `payout-${withdrawalId}` }),
      },
      payout,
      networks,
      onQueueError: (error, withdrawalId) =>
        logger.warn({ err: error, withdrawalId }, 'payout enqueue failed; housekeeping queues it later'),
      onWithdrawal: forfeitBonusOnWithdrawal,
    },
    config.wallet.withdrawal,
  );
  // EVM custody reads balances with the xpub alone: the hot wallet's address is derived, never its key.
  const chainBalances = new Map(
    env.evmNetworks.map((network) => [network.name, new EvmPayoutChain(createEvmClient(network.rpcUrls))]),
  );
  const custody = new CustodyService({
    db,
    networks: env.evmNetworks,
    balancesFor: (network) => chainBalances.get(network.name)!,
    hotWallet: hotWalletAddress(keys.xpub),
  });
  const devNetwork = env.NODE_ENV === 'production' ? undefined : env.evmNetworks.find((network) => network.dev);
  const devFaucet = devNetwork
    ? new DevChainFaucet({
        network: devNetwork,
        depositAddress: (userId) => deposits.address(userId, devNetwork.name),
        pay: devChainPayer(devNetwork.rpcUrls[0]!, devNetwork.chainId),
      })
    : null;
  const heldPayouts = new HeldPayouts({ db, withdrawals });
  return {
    ledger,
    accounts,
    deposits,
    networks,
    custody,
    heldPayouts,
    devFaucet,
    withdrawals,
    responsibleGaming,
    playLimits,
    realityChecks,
    protectionConsole,
    referrals,
    keys: { webhookSecret: keys.webhookSecret },
  };
}

export type WalletServices = ReturnType<typeof createWallet>;
