import { Stack } from '@mantine/core';
import { IconBallFootball } from '@tabler/icons-react';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderState } from '../../components/PlaceholderState';
import { useFeatures } from '../config/use-app-config';

export function SportsPage() {
  const { sports } = useFeatures();
  return (
    <Stack gap="lg">
      <PageHeader title="Sports" />
      {sports ? (
        <PlaceholderState icon={IconBallFootball} title="No events yet" description="Sports events and odds will be listed here." />
      ) : (
        <PlaceholderState
          icon={IconBallFootball}
          title="Sports betting is not available"
          description="Sports are switched off on this platform for now. The casino and the BZU token are open."
        />
      )}
    </Stack>
  );
}
