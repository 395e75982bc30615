import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { DiceGame } from '../../features/originals/DiceGame';

export const Route = createFileRoute('/casino/dice')({
  head: pageHead('Dice'),
  component: () => <DiceGame />,
});
