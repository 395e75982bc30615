import { Anchor, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { useAppConfig } from '../config/use-app-config';
import { INFO_PAGES, type InfoPageSlug } from './info-content';

export function InfoPage({ slug }: { slug: InfoPageSlug }) {
  const page = INFO_PAGES[slug];
  const { supportEmail } = useAppConfig();
  return (
    <Stack gap="lg" maw={820}>
      <PageHeader title={page.title} description={page.intro} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="var(--bzu-card)">
        <Typography>
          {page.sections.map((section) => (
            <section key={section.heading}>
              <Title order={2} size="h4">
                {section.heading}
              </Title>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        </Typography>
        {supportEmail ? (
          <Text size="sm" c="dimmed" mt="md">
            Questions? Write to{' '}
            {/* Underlined: a link inside a sentence must stand out by more than its colour (WCAG 1.4.1). */}
            <Anchor href={`mailto:${supportEmail}`} underline="always">
              {supportEmail}
            </Anchor>
            .
          </Text>
        ) : null}
      </Paper>
    </Stack>
  );
}
