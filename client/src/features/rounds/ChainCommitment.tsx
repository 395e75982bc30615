import { Text } from '@mantine/core';
import type { RoundChain } from './RoundDetails';

export interface ChainCommitmentProps {
  /** The note's `data-testid` (`crash-chain`). */
  testId: string;
  chain: RoundChain | null | undefined;
  /** What the chain fixes, before "committed ..." ("every round's hash is in a chain"). */
  subject?: string;
  /** Said for the salt while the chain has none yet. */
  pendingSalt?: string;
  /** After the salt: how to check a round. */
  children?: string;
}

/** The round game's published hash chain (FAIRNESS.md "Round games"): when it was committed, its terminal hash and salt. */
export function ChainCommitment({
  testId,
  chain,
  subject = "every round's hash is in a chain",
  pendingSalt = 'not fixed yet: no round runs before it is',
  children = 'Open a round above to verify it.',
}: ChainCommitmentProps) {
  if (!chain) return null;
  return (
    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }} data-testid={testId}>
      Provably fair: {subject} committed {new Date(chain.committedAt).toLocaleString()} with terminal hash{' '}
      {chain.terminalHash} and salt {chain.salt ?? `(${pendingSalt})`}. {children}
    </Text>
  );
}
