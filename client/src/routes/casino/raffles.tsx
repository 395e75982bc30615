import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { CasinoCategoryPage } from '../../features/casino/CasinoCategoryPage';
import { RaffleCard } from '../../features/raffle/RaffleCard';

export const Route = createFileRoute('/casino/raffles')({
  head: pageHead('Raffles'),
  component: () => (
    <CasinoCategoryPage path="/casino/raffles">
      <RaffleCard />
    </CasinoCategoryPage>
  ),
});
