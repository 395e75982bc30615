import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { MyBetsPage } from '../../features/bets/MyBetsPage';
import { parseMyBetsSearch } from '../../features/bets/my-bets-search';

export const Route = createFileRoute('/casino/my-bets')({
  validateSearch: parseMyBetsSearch,
  head: pageHead('My bets'),
  component: function MyBetsRoute() {
    return <MyBetsPage search={Route.useSearch()} />;
  },
});
