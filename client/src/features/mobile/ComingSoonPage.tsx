import { Stack } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderState } from '../../components/PlaceholderState';
import { NarrowScreenOnly } from '../../components/NarrowScreenOnly';

/** The narrow-screen-only teaser pages: /crypto-futures and /portfolio. */
export function ComingSoonPage({ title, icon, description }: { title: string; icon: Icon; description: string }) {
  return (
    <NarrowScreenOnly>
      <Stack gap="lg">
        <PageHeader title={title} />
        <PlaceholderState icon={icon} title={`${title} Coming Soon`} description={description} />
      </Stack>
    </NarrowScreenOnly>
  );
}
