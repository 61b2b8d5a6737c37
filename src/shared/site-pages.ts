/**
 * The app's page addresses, as the router's route patterns (`$name` is one path segment). The server answers
 * these with the app and a 200, and any other page address with the app and a 404 (the app then shows its
 * NotFound screen), so crawlers and monitors see real statuses. tests/server/web-app.test.ts compares this
 * list with src/routeTree.gen.ts: a new route fails that test until it is listed here.
 */
export interface SitePage {
  pattern: string;
  /** A public marketing page: listed in /sitemap.xml and allowed in /robots.txt. */
  marketing?: true;
}

export const SITE_PAGES: readonly SitePage[] = [
  { pattern: '/', marketing: true },
  { pattern: '/about', marketing: true },
  { pattern: '/faq', marketing: true },
  { pattern: '/contact', marketing: true },
  { pattern: '/pricing', marketing: true },
  { pattern: '/privacy', marketing: true },
  { pattern: '/terms', marketing: true },
  { pattern: '/login', marketing: true },
  { pattern: '/register', marketing: true },
  { pattern: '/registration-success' },
  { pattern: '/forgot-password' },
  { pattern: '/reset-password' },
  { pattern: '/verify-email' },
  // Redirects of the route table (to /home and /account).
  { pattern: '/onboarding' },
  { pattern: '/profile' },
  { pattern: '/reader' },
  { pattern: '/home' },
  { pattern: '/account' },
  { pattern: '/review' },
  { pattern: '/progress' },
  { pattern: '/checkout/success' },
  { pattern: '/checkout/cancel' },
  { pattern: '/reader/$storyId' },
  { pattern: '/test-billing/checkout/$sessionId' },
  { pattern: '/test-billing/portal/$sessionId' },
  // Open only where the local outbox is the mail transport, and only to this machine (the server decides).
  { pattern: '/dev/mailbox' },
];

export const MARKETING_PAGES: readonly string[] = SITE_PAGES.filter((page) => page.marketing).map((page) => page.pattern);

function segments(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

// Case-insensitive and blind to a trailing slash, as the router matches (its default `caseSensitive: false`).
function matches(pattern: string, pathname: string): boolean {
  const wanted = segments(pattern);
  const given = segments(pathname.toLowerCase());
  return wanted.length === given.length && wanted.every((segment, i) => segment.startsWith('$') || segment === given[i]);
}

/** The pattern a page address (path only, no query) belongs to, or undefined for an unknown page. */
export function sitePageFor(pathname: string): SitePage | undefined {
  return SITE_PAGES.find((page) => matches(page.pattern, pathname));
}
