import { Button, Code, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { trpc } from '../../trpc';
import type { RouterOutputs } from '../../lib/router-types';
import { roundValue, sha256Hex } from '../crash/crash-verify';

export type RoundChain = NonNullable<RouterOutputs['crash']['chain']>;
export type PastRound = RouterOutputs['crash']['rounds']['rounds'][number];
export type RoundBet = RouterOutputs['crash']['round']['bets'][number];

interface RoundDetailsProps {
  game: 'crash' | 'wheel';
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
  const [hash, setHash] = useState(round.hash ?? '');
  const [previousHash, setPreviousHash] = useState(round.number === 1 ? (chain?.terminalHash ?? '') : (previous?.hash ?? ''));
  const [salt, setSalt] = useState(chain?.salt ?? '');
  const [check, setCheck] = useState<{ linked: boolean; recomputed: string } | string | null>(null);
  async function verify() {
    try {
      const text = hash.trim().toLowerCase();
      if (!/^[0-9a-f]{64}$/.test(text)) throw new Error('The round hash must be 64 hex digits');
      const linked = (await sha256Hex(text)) === previousHash.trim().toLowerCase();
      setCheck({ linked, recomputed: recompute(await roundValue(salt, text)) });
    } catch (error) {
      setCheck(error instanceof Error ? error.message : 'Could not verify');
    }
  }
  return (
    <Stack gap="sm" data-testid={`${game}-round-details`}>
      <Text size="sm">
        {round.state === 'cancelled' ? 'Cancelled (its runner stopped): every bet refunded.' : summary}
        {round.startedAt ? ` - started ${new Date(round.startedAt).toLocaleString()}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        Hash
      </Text>
      <Code block style={{ wordBreak: 'break-all' }}>
        {round.hash}
      </Code>
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
      <Text fw={600} size="sm" mt="sm">
        Verify in your browser
      </Text>
      <TextInput label="Round hash" value={hash} onChange={(e) => setHash(e.currentTarget.value)} size="xs" />
      <TextInput
        label={round.number === 1 ? 'Terminal hash (published before round 1)' : `Hash of round ${round.number - 1}`}
        value={previousHash}
        onChange={(e) => setPreviousHash(e.currentTarget.value)}
        size="xs"
      />
      <TextInput label="Salt" value={salt} onChange={(e) => setSalt(e.currentTarget.value)} size="xs" />
      <Button size="xs" variant="light" onClick={() => void verify()} data-testid={`${game}-verify`}>
        Verify
      </Button>
      {check === null ? null : typeof check === 'string' ? (
        <Text c="red" size="sm">
          {check}
        </Text>
      ) : (
        <Text size="sm" data-testid={`${game}-verify-result`}>
          {check.linked ? 'Chain link OK' : 'Chain link BROKEN'}: SHA-256 of this hash {check.linked ? 'is' : 'is not'} the previous hash. {check.recomputed}
        </Text>
      )}
      {chain ? (
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          Chain committed {new Date(chain.committedAt).toLocaleString()}: terminal hash {chain.terminalHash}, salt {chain.salt}.
        </Text>
      ) : null}
    </Stack>
  );
}
