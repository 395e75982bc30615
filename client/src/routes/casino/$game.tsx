import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { clientGame, GAME_REGISTRY, isClientGameSlug } from '../../features/games/registry';

/** Every registered game's page; the static /casino/* routes (slots, my-bets, ...) match first. */
export const Route = createFileRoute('/casino/$game')({
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
