import { Stack } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderState } from '../../components/PlaceholderState';

export function RafflePage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Raffle" />
      <PlaceholderState icon={IconTicket} title="No raffle running" description="The next raffle, its prizes and your tickets will appear here." />
    </Stack>
  );
}
