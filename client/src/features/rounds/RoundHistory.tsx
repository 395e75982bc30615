import { Badge, Group, Modal, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';

/** What a past round shows in the strip. */
export interface RoundBadge {
  text: string;
  color: string;
  /** The wheel's badges are its segments' colours, filled. */
  filled?: boolean;
}

interface RoundHistoryProps<R extends { id: string; number: number }> {
  rounds: readonly R[];
  /** The strip's aria-label and `data-testid`. */
  label: string;
  testId: string;
  /** "round" or "game": the badges' labels ("Round 3 details") and the details' title. */
  noun: 'round' | 'game';
  emptyText: string;
  badge(round: R): RoundBadge;
  /** The details of the round opened from the strip (its verifier). */
  details(round: R): ReactNode;
}

const capital = (noun: string) => noun[0]!.toUpperCase() + noun.slice(1);

/** A round game's strip of recent rounds; each opens its details in a modal. */
export function RoundHistory<R extends { id: string; number: number }>({
  rounds,
  label,
  testId,
  noun,
  emptyText,
  badge,
  details,
}: RoundHistoryProps<R>) {
  const [shown, setShown] = useState<R | null>(null);
  return (
    <>
      <Group gap={6} wrap="nowrap" style={{ overflow: 'hidden' }} aria-label={label} data-testid={testId}>
        {rounds.length === 0 ? (
          <Text size="xs" c="dimmed">
            {emptyText}
          </Text>
        ) : (
          rounds.map((round) => {
            const shownAs = badge(round);
            return (
              <Badge
                key={round.id}
                component="button"
                type="button"
                onClick={() => setShown(round)}
                color={shownAs.color}
                autoContrast={shownAs.filled}
                variant={shownAs.filled ? 'filled' : 'light'}
                tt="none"
                style={{ cursor: 'pointer', flexShrink: 0 }}
                aria-label={`${capital(noun)} ${round.number} details`}
              >
                {shownAs.text}
              </Badge>
            );
          })
        )}
      </Group>
      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={shown ? `${capital(noun)} ${shown.number}` : ''}
        size="lg"
      >
        {shown ? details(shown) : null}
      </Modal>
    </>
  );
}
