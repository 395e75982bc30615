import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { MyBetsPage, parseMyBetsSearch } from '../../features/originals/MyBetsPage';

export const Route = createFileRoute('/casino/my-bets')({
  validateSearch: parseMyBetsSearch,
  head: pageHead('My bets'),
  component: function MyBetsRoute() {
    return <MyBetsPage search={Route.useSearch()} />;
  },
});
