import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { EventPage } from '../features/sports/EventPage';

function EventRoute() {
  const { eventId } = Route.useParams();
  return <EventPage eventId={eventId} />;
}

export const Route = createFileRoute('/sports/event/$eventId')({
  head: pageHead('Sports event'),
  component: EventRoute,
});
