import { createRouter } from '@tanstack/react-router';
import { RouteErrorPage } from './features/errors/RouteErrorPage';
import { RouteLoading } from './features/errors/RouteLoading';
import { routeTree } from './routeTree.gen';

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultPendingComponent: RouteLoading,
  // Show the placeholder almost at once, and keep it long enough not to flash.
  defaultPendingMs: 150,
  defaultPendingMinMs: 300,
  defaultErrorComponent: RouteErrorPage,
  // The spec: every navigation starts at the top of the page.
  scrollRestoration: false,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
