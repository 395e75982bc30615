import { Button, CopyButton, Group, Loader, Paper, Stack } from '@mantine/core';
import { IconCheck, IconLink, IconReceipt } from '@tabler/icons-react';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderState } from '../../components/PlaceholderState';
import { trpc } from '../../trpc';
import { gameName } from './bet-format';
import { BetDetails } from './BetDetailsModal';

/**
 * /bets/<id>: a bet anyone can open (a shared link, the Trollbox's /bet card): game, time, player (or "Hidden"),
 * stake, multiplier, payout and how to verify it. bets.byId holds nothing private.
 */
export function PublicBetPage({ id }: { id: string }) {
  const bet = trpc.bets.byId.useQuery({ id }, { retry: false });
  if (bet.isPending)
    return (
      <Stack gap="lg">
        <PageHeader title={`Bet #${id}`} />
        <Loader role="status" aria-label="Loading the bet" />
      </Stack>
    );
  if (!bet.data)
    return (
      <Stack gap="lg">
        <PageHeader title={`Bet #${id}`} />
        <PlaceholderState
          icon={IconReceipt}
          title="No such bet"
          description="Check the number: bets are numbered as on their page."
        />
      </Stack>
    );
  return (
    <Stack gap="lg" maw={760}>
      <PageHeader title={`${gameName(bet.data.game)} bet #${id}`} />
      <Group>
        <CopyButton value={window.location.href}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              size="compact-sm"
              onClick={copy}
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconLink size={14} aria-hidden />}
            >
              {copied ? 'Link copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Paper withBorder radius="md" p="lg" bg="var(--bzu-card)">
        <BetDetails initial={bet.data} onPage />
      </Paper>
    </Stack>
  );
}
