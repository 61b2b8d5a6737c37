import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { ErrorScreen } from './ui/ErrorScreen';
import { NotFound } from './ui/NotFound';

export function buildRouter() {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    defaultErrorComponent: ErrorScreen,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof buildRouter>;
  }
  interface StaticDataRouteOption {
    /** Send users whose e-mail is unverified to /verify-email. Enabled on no route today. */
    requireVerified?: boolean;
  }
}
