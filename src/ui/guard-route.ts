import { redirect } from '@tanstack/react-router';
import { auth, initAuth } from '../state/auth';
import { decideGuard } from './route-guard';

/**
 * A route's beforeLoad for pages only a signed-in learner may open: the protected layout, and the test
 * billing pages, which act on the learner's own checkout or portal session and show no app shell.
 */
export async function guardRoute(href: string, requireVerified = false): Promise<void> {
  await initAuth();
  const decision = decideGuard(auth, href, { requireVerified });
  if (decision.kind !== 'redirect') return;
  if (decision.to === '/login') throw redirect({ to: '/login', search: { redirect: decision.redirect }, replace: true });
  throw redirect({ to: '/verify-email', replace: true });
}
