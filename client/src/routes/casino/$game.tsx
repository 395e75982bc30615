import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { isClientGameSlug } from '../../features/games/registry';

/**
 * The games' first address (/casino/games/dice): bookmarks and shared links still land on the game. The static /casino/*
 * routes (the category pages, my-bets) match before this one.
 */
export const Route = createFileRoute('/casino/$game')({
  beforeLoad: ({ params }) => {
    if (!isClientGameSlug(params.game)) throw notFound();
    throw redirect({ to: '/casino/games/$game', params: { game: params.game }, replace: true });
  },
});
