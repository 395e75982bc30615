import { Badge, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDate } from '../../lib/datetime';
import { trpc } from '../../trpc';
import { Figure } from '../../components/Figure';
import { ErrorAlert } from '../../components/ErrorAlert';

/** A player's public profile from the chat name's menu: rank, member since, bets placed (vip.profile; no money). */
export function ChatProfileModal({
  player,
  onClose,
}: {
  player: { userId: number; name: string } | null;
  onClose: () => void;
}) {
  const profile = trpc.vip.profile.useQuery(
    { userId: player?.userId ?? 0 },
    { enabled: player !== null, staleTime: 30_000 },
  );
  const data = profile.data;
  return (
    <Modal
      opened={player !== null}
      onClose={onClose}
      title={player ? `Profile of ${player.name}` : ''}
      centered
      size="sm"
    >
      <ErrorAlert error={profile.error} title="The profile could not be loaded" />
      {data ? (
        <Stack gap="md" data-testid="chat-profile">
          <Group gap="xs">
            <Text fw={700} size="lg" style={{ color: data.role === 'player' ? data.rankColor : 'gold' }}>
              {data.name}
            </Text>
            {data.role === 'player' ? null : (
              <Badge size="sm" color={data.role === 'admin' ? 'red' : 'blue'}>
                {data.role === 'admin' ? 'ADMIN' : 'MOD'}
              </Badge>
            )}
          </Group>
          <SimpleGrid cols={3} spacing="sm">
            <Figure label="Rank" value={data.rankLabel} testId="profile-rank" />
            <Figure label="Member since" value={formatDate(data.memberSince)} testId="profile-member-since" />
            <Figure label="Bets" value={data.bets.toLocaleString('en-US')} testId="profile-bets" />
          </SimpleGrid>
        </Stack>
      ) : profile.isPending && player ? (
        <Loader size="sm" role="status" aria-label="Loading profile" />
      ) : null}
    </Modal>
  );
}
