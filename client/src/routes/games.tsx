import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { GamesPage } from '../features/games/GamesPage';
import { optionalText } from '../lib/search-params';

export const Route = createFileRoute('/games')({
  validateSearch: optionalText('q'),
  head: pageHead('Games'),
  component: GamesRoute,
});

function GamesRoute() {
  const { q } = Route.useSearch();
  return <GamesPage query={q ?? ''} />;
}
