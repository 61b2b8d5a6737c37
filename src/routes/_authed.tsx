import { createFileRoute, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { auth } from '../state/auth';
import { LimitBanner } from '../ui/billing/LimitBanner';
import { guardRoute } from '../ui/guard-route';
import { Spinner } from '../ui/Spinner';

/** Every protected route sits under this layout, so the guard lives in one place. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ location, matches }) => {
    const requireVerified = matches.some((match) => match.staticData?.requireVerified);
    await guardRoute(location.href, requireVerified);
  },
  pendingComponent: () => (
    <div className="center-screen">
      <Spinner label="Loading your account…" />
    </div>
  ),
  component: SignedInOutlet,
});

/** A session can also end while a page is open (any 401 signs out): then leave for /login too. */
function SignedInOutlet() {
  const { isAuthenticated } = useSnapshot(auth);
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  useEffect(() => {
    if (!isAuthenticated) void navigate({ to: '/login', search: { redirect: href }, replace: true });
  }, [isAuthenticated, href, navigate]);
  const { user } = useSnapshot(auth);
  if (!isAuthenticated) return null;
  const reading = href.startsWith('/reader/');
  return (
    <>
      {user && !reading && <LimitBanner subscription={user.subscription} />}
      <Outlet />
    </>
  );
}
