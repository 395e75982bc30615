import { createRootRoute, HeadContent, Navigate } from '@tanstack/react-router';
import { pageHead } from '../components/page-head';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { AppLayout } from '../features/layout/AppLayout';

export const Route = createRootRoute({
  head: pageHead(''),
  component: RootRoute,
  errorComponent: RouteErrorPage,
  // The spec: any unknown path redirects to /.
  notFoundComponent: () => <Navigate to="/" replace />,
});

function RootRoute() {
  return (
    <>
      <HeadContent />
      <AppLayout />
    </>
  );
}
