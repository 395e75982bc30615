import { Stack } from '@mantine/core';
import { IconArrowDownToArc, IconArrowUpFromArc, IconBan, IconUsers, type Icon } from '@tabler/icons-react';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderState } from '../../components/PlaceholderState';

export type AccountSection = 'referrals' | 'deposits' | 'withdrawals' | 'exclusion';

const SECTIONS: Record<AccountSection, { title: string; icon: Icon; empty: string; description: string }> = {
  referrals: { title: 'Referral codes', icon: IconUsers, empty: 'No referral codes yet', description: 'Create a code and share it; the players you refer will be listed here.' },
  deposits: { title: 'Deposits', icon: IconArrowDownToArc, empty: 'No deposits yet', description: 'Your deposits will be listed here once deposits open.' },
  withdrawals: { title: 'Withdrawals', icon: IconArrowUpFromArc, empty: 'No withdrawals yet', description: 'Your withdrawals will be listed here once withdrawals open.' },
  exclusion: { title: 'Self-exclusion', icon: IconBan, empty: 'Self-exclusion is coming soon', description: 'You will be able to take a break or exclude yourself from play here. Until then, contact support.' },
};

/** Account sections whose data comes from later capabilities. */
export function AccountSectionPage({ section }: { section: AccountSection }) {
  const { title, icon, empty, description } = SECTIONS[section];
  return (
    <Stack gap="lg">
      <PageHeader title={title} />
      <PlaceholderState icon={icon} title={empty} description={description} />
    </Stack>
  );
}
