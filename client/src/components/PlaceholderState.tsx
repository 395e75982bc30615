import { EmptyState, Paper } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface PlaceholderStateProps {
  icon: Icon;
  title: string;
  description: ReactNode;
  actions?: ReactNode;
}

/** The designed state for content whose data does not exist yet: says so, shows no numbers. */
export function PlaceholderState({ icon: StateIcon, title, description, actions }: PlaceholderStateProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} bg="var(--bzu-card)" data-testid="placeholder-state">
      <EmptyState
        icon={<StateIcon size={28} stroke={1.6} aria-hidden />}
        title={title}
        description={description}
        size="md"
      >
        {actions ? <EmptyState.Actions>{actions}</EmptyState.Actions> : null}
      </EmptyState>
    </Paper>
  );
}
