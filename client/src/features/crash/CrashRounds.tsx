import { Badge, Button, Code, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatHundredths } from '../../../../server/src/domain/games/rules/crash';
import { trpc } from '../../trpc';
import type { Outputs } from '../originals/bet-types';
import { verifyCrashRound, type CrashCheck } from './crash-verify';

type Chain = NonNullable<Outputs['crash']['chain']>;
type PastRound = Outputs['crash']['rounds']['rounds'][number];

/** The strip of recent crash points; each opens the round's details and the verifier. */
export function CrashRounds({ chain }: { chain: Chain | null }) {
  const recent = trpc.crash.rounds.useQuery({ limit: 20 }, { staleTime: 0 });
  const [shown, setShown] = useState<PastRound | null>(null);
  const rounds = recent.data?.rounds ?? [];
  return (
    <>
      <Group gap={6} wrap="nowrap" style={{ overflow: 'hidden' }} aria-label="Recent crash points" data-testid="crash-history">
        {rounds.length === 0 ? (
          <Text size="xs" c="dimmed">
            No rounds played yet.
          </Text>
        ) : (
          rounds.map((round) => (
            <Badge
              key={round.id}
              component="button"
              type="button"
              onClick={() => setShown(round)}
              color={round.state === 'cancelled' ? 'gray' : Number(round.crashPoint) >= 2 ? 'teal' : 'red'}
              variant="light"
              tt="none"
              style={{ cursor: 'pointer', flexShrink: 0 }}
              aria-label={`Round ${round.number} details`}>
              {round.state === 'cancelled' ? 'void' : `${round.crashPoint}x`}
            </Badge>
          ))
        )}
      </Group>
      <Modal opened={shown !== null} onClose={() => setShown(null)} title={shown ? `Round ${shown.number}` : ''} size="lg">
        {shown ? <RoundDetails round={shown} chain={chain} previous={rounds.find((r) => r.number === shown.number - 1)} /> : null}
      </Modal>
    </>
  );
}

function RoundDetails({ round, chain, previous }: { round: PastRound; chain: Chain | null; previous?: PastRound }) {
  const details = trpc.crash.round.useQuery({ id: round.id });
  const [hash, setHash] = useState(round.hash ?? '');
  const [previousHash, setPreviousHash] = useState(round.number === 1 ? (chain?.terminalHash ?? '') : (previous?.hash ?? ''));
  const [salt, setSalt] = useState(chain?.salt ?? '');
  const [check, setCheck] = useState<CrashCheck | string | null>(null);
  async function verify() {
    try {
      setCheck(await verifyCrashRound({ hash, previousHash, salt }));
    } catch (error) {
      setCheck(error instanceof Error ? error.message : 'Could not verify');
    }
  }
  return (
    <Stack gap="sm" data-testid="crash-round-details">
      <Text size="sm">
        {round.state === 'cancelled' ? 'Cancelled (its runner stopped): every bet refunded.' : `Crashed at ${round.crashPoint}x`}
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
                <Table.Td ta="right">{bet.refunded ? 'refunded' : bet.cashedOutAt ? `${bet.cashedOutAt}x` : bet.state}</Table.Td>
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
      <Button size="xs" variant="light" onClick={() => void verify()} data-testid="crash-verify">
        Verify
      </Button>
      {check === null ? null : typeof check === 'string' ? (
        <Text c="red" size="sm">
          {check}
        </Text>
      ) : (
        <Text size="sm" data-testid="crash-verify-result">
          {check.linked ? 'Chain link OK' : 'Chain link BROKEN'}: SHA-256 of this hash {check.linked ? 'is' : 'is not'} the previous hash. Crash
          point recomputed: {formatHundredths(check.crashPoint)}x
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
