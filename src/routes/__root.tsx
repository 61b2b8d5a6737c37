import { createRootRoute, HeadContent, Outlet, useRouterState } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { auth } from '../state/auth';
import { UpgradeModal } from '../ui/billing/UpgradeModal';
import { Footer } from '../ui/Footer';
import { APP_PAGE_TITLES, DEFAULT_DESCRIPTION, DEFAULT_TITLE, handOverFirstPaintHead, head } from '../ui/page-head';
import { shellVisible } from '../ui/shell-visibility';
import { TopBar } from '../ui/TopBar';

handOverFirstPaintHead();

export const Route = createRootRoute({
  // The defaults; every page's own `head` overrides them (the deepest route wins). A path no route matches
  // marks a match not found, and then the NotFound page gets its own title.
  head: ({ matches }) =>
    head(
      matches.some((match) => match._notFound || match.status === 'notFound') ? APP_PAGE_TITLES.notFound : DEFAULT_TITLE,
      DEFAULT_DESCRIPTION,
    ),
  component: Shell,
});

/** Pages render into the shell's <main>, so every page has exactly one; the reader draws its own, named after the story. */
function pageOwnsMain(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path.startsWith('/reader/');
}

function Shell() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const withShell = shellVisible(pathname);
  const { isAuthenticated } = useSnapshot(auth);
  const Main = pageOwnsMain(pathname) ? 'div' : 'main';
  return (
    <>
      {/* React hoists the title and meta tags into <head>. */}
      <HeadContent />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {withShell && <TopBar />}
      {/* The one main landmark, unless the page draws its own (see `pageOwnsMain`). */}
      <Main id="main" className={withShell ? 'page' : 'page bare'}>
        <Outlet />
      </Main>
      {withShell && <Footer />}
      {/* Opened from the top bar, the account page, the limit banner and a refused story creation. */}
      {isAuthenticated && <UpgradeModal />}
    </>
  );
}
