import { createRootRoute, Outlet, useRouterState } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { auth } from '../state/auth';
import { UpgradeModal } from '../ui/billing/UpgradeModal';
import { Footer } from '../ui/Footer';
import { shellVisible } from '../ui/shell-visibility';
import { TopBar } from '../ui/TopBar';

export const Route = createRootRoute({ component: Shell });

function Shell() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const withShell = shellVisible(pathname);
  const { isAuthenticated } = useSnapshot(auth);
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
      {/* Opened from the top bar, the account page, the limit banner and a refused story creation. */}
      {isAuthenticated && <UpgradeModal />}
    </>
  );
}
