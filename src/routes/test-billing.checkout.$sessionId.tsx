import { createFileRoute, Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { api } from '../net/api';
import { formatPrice } from '../shared/pricing';
import { checkoutNavigation } from '../ui/billing/UpgradeModal';
import { TestBillingFrame } from '../ui/billing/TestBillingFrame';
import { guardRoute } from '../ui/guard-route';
import { APP_PAGE_TITLES, head } from '../ui/page-head';
import { useRemote } from '../ui/use-remote';

export const Route = createFileRoute('/test-billing/checkout/$sessionId')({
  head: () => head(APP_PAGE_TITLES.testCheckout),
  beforeLoad: ({ location }) => guardRoute(location.href),
  component: TestCheckout,
});

/** The local test billing provider's checkout: where Stripe's payment page would be, clearly marked TEST MODE. */
function TestCheckout() {
  const { sessionId } = Route.useParams();
  const [session] = useRemote(useCallback(() => api.testBillingSession(sessionId), [sessionId]));
  const [busy, setBusy] = useState<'complete' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const finish = async (outcome: 'complete' | 'cancel') => {
    setBusy(outcome);
    setError(null);
    try {
      checkoutNavigation.assign(await api.finishTestCheckout(sessionId, outcome));
    } catch (caught) {
      setBusy(null);
      setError(caught instanceof Error ? caught.message : 'Something went wrong. Please try again.');
    }
  };

  if (session.status !== 'ready') return <TestBillingFrame title="Checkout" state={session.status} />;
  const { data } = session;
  if (data.kind !== 'checkout') return <TestBillingFrame title="Checkout" state="error" />;
  return (
    <TestBillingFrame title={`Subscribe to ${data.plan_name}`}>
      <p className="price">
        <span className="amount">{formatPrice(data.price_cents)}</span>
        <span className="per">/month</span>
      </p>
      <p className="muted">
        This page stands in for the card processor. No card is charged and no money moves: completing it makes this account Pro on
        this server&apos;s test billing.
      </p>
      <dl className="facts">
        <div>
          <dt>Account</dt>
          <dd>{data.email}</dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>
            {data.plan_name}, renews monthly until cancelled
          </dd>
        </div>
        <div>
          <dt>Card</dt>
          <dd className="test-card-number">4242 4242 4242 4242 (test)</dd>
        </div>
      </dl>
      {data.status === 'cancelled' ? (
        <>
          <p className="alert alert-info">This test checkout was cancelled. Start the upgrade again from the app.</p>
          <Link to="/home" className="btn btn-primary btn-block">
            Back to Stories
          </Link>
        </>
      ) : (
        <>
          {error && (
            <p className="alert alert-error" role="alert">
              {error}
            </p>
          )}
          <div className="actions">
            <button type="button" className="btn btn-primary btn-block" onClick={() => void finish('complete')} disabled={busy !== null}>
              {busy === 'complete' ? 'Processing…' : data.status === 'complete' ? 'Continue' : `Pay ${formatPrice(data.price_cents)} (test)`}
            </button>
            {data.status === 'open' && (
              <button type="button" className="btn btn-ghost btn-block" onClick={() => void finish('cancel')} disabled={busy !== null}>
                Cancel and return
              </button>
            )}
          </div>
        </>
      )}
    </TestBillingFrame>
  );
}
