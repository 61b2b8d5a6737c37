import { createRootRoute, Outlet, useRouterState } from '@tanstack/react-router';
import { Footer } from '../ui/Footer';
import { shellVisible } from '../ui/shell-visibility';
import { TopBar } from '../ui/TopBar';

export const Route = createRootRoute({ component: Shell });

function Shell() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const withShell = shellVisible(pathname);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {withShell && <TopBar />}
      <div id="main" className={withShell ? 'page' : 'page bare'}>
        <Outlet />
      </div>
      {withShell && <Footer />}
    </>
  );
}
