import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageHead } from '../../../components/page-head';
import { clientGame, GAME_REGISTRY, isClientGameSlug } from '../../../features/games/registry';

/** Every registered game's page (gamePath): under /casino/games/ so a game may share its name with a category (/casino/blackjack lists the blackjack games). */
export const Route = createFileRoute('/casino/games/$game')({
  beforeLoad: ({ params }) => {
    if (!isClientGameSlug(params.game)) throw notFound();
  },
  loader: async ({ params }) => {
    if (isClientGameSlug(params.game)) await GAME_REGISTRY[params.game].page.preload?.();
  },
  head: ({ params }) => pageHead(clientGame(params.game)?.name ?? '')(),
  component: GamePage,
});

function GamePage() {
  const { game } = Route.useParams();
  if (!isClientGameSlug(game)) return null;
  const Page = GAME_REGISTRY[game].page;
  return <Page />;
}
