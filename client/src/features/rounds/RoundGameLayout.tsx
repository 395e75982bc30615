import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { GameLayout } from '../game-panel/GameLayout';
import { ChainCommitment, type ChainCommitmentProps } from './ChainCommitment';
import type { RoundSlug } from './round-types';

interface RoundGameLayoutProps {
  slug: RoundSlug;
  title: string;
  description: string;
  panel: ReactNode;
  /** The game's chain, published under the board; `note` words it for the game (bingo's draws and cards). */
  chain: ChainCommitmentProps['chain'];
  note?: Omit<ChainCommitmentProps, 'testId' | 'chain'>;
  /** The board's parts, top to bottom. */
  children: ReactNode;
}

/** A round game's page: the originals' layout without the seed pair (outcomes come from the chain), its chain under the board. */
export function RoundGameLayout({ slug, title, description, panel, chain, note, children }: RoundGameLayoutProps) {
  const board = (
    <Stack gap="md">
      {children}
      <ChainCommitment testId={`${slug}-chain`} chain={chain} {...note} />
    </Stack>
  );
  return <GameLayout slug={slug} seeds={false} title={title} description={description} panel={panel} board={board} />;
}
