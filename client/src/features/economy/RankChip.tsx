import { Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatXp, useRankProgress } from './use-vip';

/** The player's rank and the XP bar toward the next one; links to /vip. Live through vip-update events. */
export function RankChip({ width }: { width: number }) {
  const progress = useRankProgress();
  const label = progress.target
    ? `${progress.rank}: ${formatXp(progress.xp)} of ${formatXp(progress.target)} XP toward ${progress.nextLabel}`
    : `${progress.rank}: ${formatXp(progress.xp)} XP`;
  return (
    <UnstyledButton component={Link} to="/vip" aria-label={label} title={label} data-testid="header-rank-chip">
      <Stack gap={3} w={width}>
        <Text size="xs" fw={700} lh={1} truncate style={{ color: progress.color }} data-testid="header-rank">
          {progress.rank}
        </Text>
        <Progress
          value={progress.percent}
          size={5}
          radius="xl"
          aria-hidden
          data-testid="header-xp-bar"
          data-percent={progress.percent}
        />
      </Stack>
    </UnstyledButton>
  );
}
