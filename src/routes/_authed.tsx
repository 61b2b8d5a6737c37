import { createFileRoute, Navigate, Outlet, useLocation, useMatches } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { auth } from '../state/auth';
import { decideGuard } from '../ui/route-guard';
import { Spinner } from '../ui/Spinner';

/** Every protected route sits under this layout, so the guard lives in one place. */
export const Route = createFileRoute('/_authed')({ component: Guard });

function Guard() {
  const snapshot = useSnapshot(auth);
  const location = useLocation();
  const requireVerified = useMatches({
    select: (matches) => matches.some((match) => match.staticData?.requireVerified),
  });
  const decision = decideGuard(snapshot, location.href, { requireVerified });

  if (decision.kind === 'wait') {
    return (
      <main className="center-screen">
        <Spinner label="Loading your account…" />
      </main>
    );
  }
  if (decision.kind === 'redirect') {
    return decision.to === '/login' ? (
      <Navigate to="/login" search={{ redirect: decision.redirect }} replace />
    ) : (
      <Navigate to="/verify-email" replace />
    );
  }
  return <Outlet />;
}
