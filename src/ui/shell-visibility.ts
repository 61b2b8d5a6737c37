const BARE_PATHS = new Set(['/', '/login', '/register']);

/**
 * The top bar and footer are hidden on the landing page, the auth forms and the reader (SPEC §2), and on
 * the test billing pages, which stand in for the card processor's own pages.
 */
export function shellVisible(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !BARE_PATHS.has(path) && !path.startsWith('/reader/') && !path.startsWith('/test-billing/');
}
