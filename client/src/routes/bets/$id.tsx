import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { PublicBetPage } from '../../features/bets/PublicBetPage';

export const Route = createFileRoute('/bets/$id')({
  // A bet id is a positive integer; anything else is not a bet's page.
  beforeLoad: ({ params }) => {
    if (!/^[1-9]\d{0,18}$/.test(params.id)) throw redirect({ to: '/', replace: true });
  },
  head: ({ params }) => pageHead(`Bet #${params.id}`)(),
  component: function BetRoute() {
    const { id } = Route.useParams();
    return <PublicBetPage id={id} />;
  },
});
