import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderState } from '../../components/PlaceholderState';
import { TokenNav } from './TokenNav';
import { TOKEN_SECTIONS, type TokenSection } from './token-sections';

export function TokenSectionPage({ section }: { section: TokenSection }) {
  const { title, icon, empty, description } = TOKEN_SECTIONS[section];
  return (
    <Stack gap={0}>
      <PageHeader title={`BZU ${title}`} />
      <TokenNav />
      <PlaceholderState icon={icon} title={empty} description={description} />
    </Stack>
  );
}
