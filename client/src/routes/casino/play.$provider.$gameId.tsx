import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { ProviderGamePage } from '../../features/providers/ProviderGamePage';

export const Route = createFileRoute('/casino/play/$provider/$gameId')({
  head: pageHead('Play'),
  component: function ProviderGameRoute() {
    const { provider, gameId } = Route.useParams();
    return <ProviderGamePage provider={provider} gameId={gameId} />;
  },
});
