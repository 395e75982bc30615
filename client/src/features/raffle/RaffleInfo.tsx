import { Code, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { AnchorLink } from '../../components/router-links';
import { estimateUsd } from './RaffleOverview';
import { groupPrizes } from './raffle-format';
import type { CurrentRaffle } from './use-raffle';
import { formatMoney } from '../../lib/money';

type Raffle = NonNullable<CurrentRaffle>;

/** The published prize table: share of the pool and today's estimate, runs of equal prizes on one row. */
export function PrizeTable({ raffle }: { raffle: Raffle }) {
  const rows = groupPrizes(raffle.prizes);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      bg="var(--bzu-card)"
      component="section"
      aria-labelledby="prizes-title"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="prizes-title">
          Prizes
        </Title>
        <Table fz="sm" verticalSpacing={6} data-testid="prize-table" aria-labelledby="prizes-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Place</Table.Th>
              <Table.Th ta="right">Share of the pool</Table.Th>
              <Table.Th ta="right">Estimated prize</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.places}>
                <Table.Td fw={row.count === 1 ? 700 : undefined}>{row.places}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatMoney(String(row.prize.sharePpm / 10_000), 2)}%{row.count > 1 ? ' each' : ''}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {estimateUsd(row.prize.estimatedAmount)}
                  {row.count > 1 ? ' each' : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          One prize per ticket: a ticket wins at most once, so several tickets can win several prizes. With fewer
          tickets than prizes, the prizes left over roll into the jackpot of the next raffle, as does anything not paid.
        </Text>
      </Stack>
    </Paper>
  );
}

/** How tickets are earned: wagers per currency, the holder bonus by tier, the free entry. */
export function HowToEarn({ raffle }: { raffle: Raffle }) {
  const bzuEarns = !/^0(\.0*)?$/.test(raffle.ticketRule.bzuPerTicket);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      bg="var(--bzu-card)"
      component="section"
      aria-labelledby="earn-title"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="earn-title">
          How to get tickets
        </Title>
        <List size="sm" spacing={6}>
          <List.Item>
            <b>Play:</b> 1 ticket for every ${formatMoney(raffle.ticketRule.usdPerTicket, 0)} wagered
            {bzuEarns ? ` and every ${formatMoney(raffle.ticketRule.bzuPerTicket, 0)} BZU wagered` : ''} on casino bets
            settled while the raffle is open.
          </List.Item>
          <List.Item>
            <b>Hold BZU:</b> bonus tickets by your <AnchorLink to="/token/utility">holder tier</AnchorLink> when the
            raffle closes:{' '}
            {raffle.holderBonusByTier
              .filter((tier) => tier.tickets > 0)
              .map((tier) => `${tier.name} +${tier.tickets}`)
              .join(', ')}
            .
          </List.Item>
          <List.Item>
            <b>Free entry:</b> one ticket a raffle, no purchase needed: claim it with the button.
          </List.Item>
        </List>
      </Stack>
    </Paper>
  );
}

/** What is published when: the seed hash now, the entrants hash at closing, the seed with the results. */
export function FairnessBox({ raffle }: { raffle: Raffle }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      bg="var(--bzu-card)"
      component="section"
      aria-labelledby="raffle-fairness-title"
    >
      <Stack gap="xs">
        <Title order={2} fz="lg" id="raffle-fairness-title">
          Provably fair
        </Title>
        <Text size="sm" c="dimmed">
          Server seed hash, published when this raffle opened:
        </Text>
        <Code block fz="xs" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="current-seed-hash">
          {raffle.serverSeedHash}
        </Code>
        <Text size="sm" c="dimmed">
          At closing the list of entrants (user id and ticket range) is published with its SHA-256. Each prize k is then
          drawn with <Code>HMAC_SHA256(serverSeed, raffleId:entrantsHash:k)</Code>, read as a 256-bit number and mapped
          onto the tickets not yet drawn by rejection sampling (no modulo bias). The seed is revealed with the results,
          so anyone can replay the draw below.
        </Text>
      </Stack>
    </Paper>
  );
}

export function RaffleInfo({ raffle }: { raffle: Raffle }) {
  return (
    <SimpleGrid type="container" cols={{ base: 1, '820px': 2 }} spacing="md">
      <PrizeTable raffle={raffle} />
      <Stack gap="md">
        <HowToEarn raffle={raffle} />
        <FairnessBox raffle={raffle} />
      </Stack>
    </SimpleGrid>
  );
}
