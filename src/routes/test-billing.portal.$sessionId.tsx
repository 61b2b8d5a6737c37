import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { api } from '../net/api';
import type { TestBillingSession, TestPortalAction } from '../shared/billing';
import { formatPrice } from '../shared/pricing';
import { TestBillingFrame } from '../ui/billing/TestBillingFrame';
import { guardRoute } from '../ui/guard-route';
import { formatDate } from '../ui/format';
import { APP_PAGE_TITLES, head } from '../ui/page-head';
import { useRemote } from '../ui/use-remote';

export const Route = createFileRoute('/test-billing/portal/$sessionId')({
  head: () => head(APP_PAGE_TITLES.testPortal),
  beforeLoad: ({ location }) => guardRoute(location.href),
  component: TestPortal,
});

/** The local test billing provider's customer portal: cancel, resume, and a test clock for the period end. */
function TestPortal() {
  const { sessionId } = Route.useParams();
  const [loaded] = useRemote(useCallback(() => api.testBillingSession(sessionId), [sessionId]));
  // The session as the last action left it, else as it loaded.
  const [changed, setChanged] = useState<TestBillingSession | null>(null);
  const [busy, setBusy] = useState<TestPortalAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const session = changed ?? (loaded.status === 'ready' ? loaded.data : null);

  if (loaded.status !== 'ready' || !session) return <TestBillingFrame title="Billing" state={loaded.status === 'error' ? 'error' : 'loading'} />;
  if (session.kind !== 'portal') return <TestBillingFrame title="Billing" state="error" />;

  const act = async (action: TestPortalAction) => {
    setBusy(action);
    setError(null);
    try {
      setChanged(await api.changeTestSubscription(sessionId, action));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  const subscription = session.subscription;
  const end = formatDate(subscription?.current_period_end);
  const live = subscription?.pro === true;
  return (
    <TestBillingFrame title="Your subscription">
      <dl className="facts">
        <div>
          <dt>Account</dt>
          <dd>{session.email}</dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>
            {session.plan_name} · {formatPrice(session.price_cents)}/month
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd data-testid="subscription-status">
            {!live ? 'Ended' : subscription.cancel_at_period_end ? `Cancelled, ends on ${end}` : `Active, renews on ${end}`}
          </dd>
        </div>
      </dl>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        {live && !subscription.cancel_at_period_end && (
          <button type="button" className="btn btn-secondary btn-block" onClick={() => void act('cancel')} disabled={busy !== null}>
            {busy === 'cancel' ? 'Cancelling…' : 'Cancel subscription'}
          </button>
        )}
        {live && subscription.cancel_at_period_end && (
          <button type="button" className="btn btn-primary btn-block" onClick={() => void act('resume')} disabled={busy !== null}>
            {busy === 'resume' ? 'Resuming…' : 'Resume subscription'}
          </button>
        )}
        {live && (
          <button type="button" className="btn btn-ghost btn-block" onClick={() => void act('advance_clock')} disabled={busy !== null}>
            {busy === 'advance_clock' ? 'Advancing…' : 'Test clock: jump to the end of this period'}
          </button>
        )}
        <a className="btn btn-ghost btn-block" href={session.return_url}>
          Return to Kotoba Tales
        </a>
      </div>
      {live && (
        <p className="muted small">
          The test clock does now what happens at the period end: a cancelled subscription ends, any other renews for a month.
        </p>
      )}
    </TestBillingFrame>
  );
}
