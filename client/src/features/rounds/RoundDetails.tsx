import { Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { trpc } from '../../trpc';
import type { RoundOutputs, RoundSlug } from './round-types';
import { roundValue, sha256Hex } from './round-verify';
import { ChainVerifier, RoundHash, type ChainInputs } from './ChainVerifier';

export type RoundChain = NonNullable<RoundOutputs['chain']>;
export type PastRound = RoundOutputs['rounds']['rounds'][number];
export type RoundBet = RoundOutputs['round']['bets'][number];

interface RoundDetailsProps {
  game: RoundSlug;
  round: PastRound;
  chain: RoundChain | null;
  previous?: PastRound;
  /** The round's outcome in a line ("Crashed at 10.30x"). */
  summary: ReactNode;
  /** A bet's line in the round's table (its cash-out point, its win). */
  betResult(bet: RoundBet): ReactNode;
  /** The outcome recomputed from the round value H (64 hex digits), as a sentence. */
  recompute(roundValueHex: string): string;
}

/**
 * An ended round of a round game: its hash, its bets, and the in-browser verifier (FAIRNESS.md "Round games"): the
 * hash must hash to the previous round's (the terminal hash for round 1), and H = HMAC_SHA256(salt, hash) gives the
 * outcome again. `data-testid`s carry the game's slug (crash-verify, wheel-verify-result...).
 */
export function RoundDetails({ game, round, chain, previous, summary, betResult, recompute }: RoundDetailsProps) {
  const details = trpc[game].round.useQuery({ id: round.id });
  async function verify({ hash, previousHash, salt }: ChainInputs) {
    const text = hash.trim().toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(text)) throw new Error('The round hash must be 64 hex digits');
    const linked = (await sha256Hex(text)) === previousHash.trim().toLowerCase();
    return { linked, recomputed: recompute(await roundValue(salt, text)) };
  }
  return (
    <Stack gap="sm" data-testid={`${game}-round-details`}>
      <Text size="sm">
        {round.state === 'cancelled' ? 'Cancelled (its runner stopped): every bet refunded.' : summary}
        {round.startedAt ? ` - started ${new Date(round.startedAt).toLocaleString()}` : ''}
      </Text>
      <RoundHash hash={round.hash} />
      {details.data ? (
        <Table fz="xs" verticalSpacing={2}>
          <Table.Tbody>
            {details.data.bets.map((bet) => (
              <Table.Tr key={bet.betId}>
                <Table.Td>{bet.userName}</Table.Td>
                <Table.Td ta="right">
                  {bet.amount} {bet.currency}
                </Table.Td>
                <Table.Td ta="right">{bet.refunded ? 'refunded' : betResult(bet)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <ChainVerifier
        noun="round"
        round={round}
        chain={chain}
        previousHash={previous?.hash}
        verify={verify}
        testId={`${game}-verify`}
        result={(check) => (
          <>
            {check.linked ? 'Chain link OK' : 'Chain link BROKEN'}: SHA-256 of this hash{' '}
            {check.linked ? 'is' : 'is not'} the previous hash. {check.recomputed}
          </>
        )}
      />
      {chain ? (
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          Chain committed {new Date(chain.committedAt).toLocaleString()}: terminal hash {chain.terminalHash}, salt{' '}
          {chain.salt}.
        </Text>
      ) : null}
    </Stack>
  );
}
