import type { Eip1559Fees, PayoutChain, PayoutReceipt } from './payout-ports.js';

/** One signed transaction of a hot-wallet nonce, as stored (a payout's or a gas top-up's attempt). */
export interface SignedAttempt {
  tx_hash: string;
  raw_tx: string;
  gas: string;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  created_at: Date | string;
}

export interface SignedTx {
  raw: `0x${string}`;
  hash: string;
}

/** A replacement must pay at least 10 % more (the nodes' rule); 12.5 % clears it with rounding. */
const BUMP_NUMERATOR = 1125n;
const BUMP_DENOMINATOR = 1000n;

/** The fees of a replacement: 12.5 % above the attempt it replaces, or what the network asks now when that is more. */
export function replacementFees(previous: Eip1559Fees, current: Eip1559Fees): Eip1559Fees {
  const raise = (old: bigint, now: bigint) => {
    const bumped = (old * BUMP_NUMERATOR + BUMP_DENOMINATOR - 1n) / BUMP_DENOMINATOR + 1n;
    return bumped > now ? bumped : now;
  };
  const fees: Eip1559Fees = {
    maxPriorityFeePerGas: raise(previous.maxPriorityFeePerGas, current.maxPriorityFeePerGas),
    maxFeePerGas: raise(previous.maxFeePerGas, current.maxFeePerGas),
  };
  if (fees.maxFeePerGas < fees.maxPriorityFeePerGas) fees.maxFeePerGas = fees.maxPriorityFeePerGas;
  return fees;
}

export type NudgeOutcome =
  { kind: 'replaced'; tx: SignedTx; replaced: string } | { kind: 'rebroadcast' } | { kind: 'waiting' };

/**
 * Follows the attempts of one hot-wallet nonce until one is mined: payouts and gas top-ups alike, since both take
 * their nonce from the one counter (chain_nonces) and a stuck one holds up every transaction queued behind it. The
 * attempts share the nonce, so at most one of them can ever be mined, whichever it is.
 */
export class NonceFollower {
  constructor(
    private readonly deps: {
      chain: PayoutChain;
      /** Broadcasts; a refusal is the caller's to log (the next follow-up knows more). */
      broadcast: (raw: `0x${string}`) => Promise<void>;
      now: () => number;
    },
    private readonly stuckAfterMs: number,
  ) {}

  /** The mined attempt with its receipt, or null while none is (or a reorg took it out again). */
  async mined<A extends SignedAttempt>(attempts: A[]): Promise<{ attempt: A; receipt: PayoutReceipt } | null> {
    for (const attempt of attempts) {
      const receipt = await this.deps.chain.receipt(attempt.tx_hash);
      if (receipt) return { attempt, receipt };
    }
    return null;
  }

  /**
   * None of `attempts` mined, yet the sender's mined nonce is past theirs: another transaction (not one signed here)
   * took the nonce, and no attempt of it can ever be mined. Signing it again would only replace nothing. The receipts
   * are read again after the nonce, since an attempt mined between the caller's look and this one also moves it.
   */
  async nonceTaken<A extends SignedAttempt>(sender: `0x${string}`, nonce: bigint, attempts: A[]): Promise<boolean> {
    if ((await this.deps.chain.minedNonce(sender)) <= nonce) return false;
    return (await this.mined(attempts)) === null;
  }

  /**
   * None mined: past the stuck time the latest attempt is signed again with higher fees (same nonce, same gas: an
   * estimate made now, with the first one pending, could look cheaper than it is), recorded, then broadcast; before
   * it, an attempt the node no longer knows (a lost broadcast, a crash before it) is broadcast again as stored.
   */
  async nudge(
    latest: SignedAttempt,
    replace: {
      sign: (fees: Eip1559Fees, gas: bigint) => Promise<SignedTx>;
      record: (tx: SignedTx, fees: Eip1559Fees, gas: bigint) => Promise<void>;
    },
  ): Promise<NudgeOutcome> {
    if (this.deps.now() - new Date(latest.created_at).getTime() >= this.stuckAfterMs) {
      const previous = {
        maxFeePerGas: BigInt(latest.max_fee_per_gas),
        maxPriorityFeePerGas: BigInt(latest.max_priority_fee_per_gas),
      };
      const fees = replacementFees(previous, await this.deps.chain.fees());
      const gas = BigInt(latest.gas);
      const tx = await replace.sign(fees, gas);
      await replace.record(tx, fees, gas);
      await this.deps.broadcast(tx.raw);
      return { kind: 'replaced', tx, replaced: latest.tx_hash };
    }
    if (!(await this.deps.chain.knows(latest.tx_hash))) {
      await this.deps.broadcast(latest.raw_tx as `0x${string}`);
      return { kind: 'rebroadcast' };
    }
    return { kind: 'waiting' };
  }
}
