import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { auth, refreshUser } from '../../state/auth';
import { APP_PAGE_TITLES, head } from '../../ui/page-head';
import { Spinner } from '../../ui/Spinner';
import { optionalString } from '../../ui/search-params';

export const Route = createFileRoute('/_authed/checkout/success')({
  head: () => head(APP_PAGE_TITLES.checkoutSuccess),
  validateSearch: optionalString('session_id'),
  component: CheckoutSuccess,
});

/** Waits 2 s for the payment to be recorded, then shows what the server says the plan is. */
function CheckoutSuccess() {
  const { user } = useSnapshot(auth);
  const [waiting, setWaiting] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => void refreshUser().finally(() => setWaiting(false)), 2000);
    return () => clearTimeout(timer);
  }, []);

  if (waiting || !user) {
    return (
      <div className="center-screen">
        <Spinner label="Confirming your upgrade…" />
      </div>
    );
  }
  const pro = user.subscription.tier === 'pro';
  return (
    <div className="container narrow-page">
      <div className="card text-center">
        <div className="big-icon" aria-hidden="true">{pro ? '祝' : '待'}</div>
        <h1>{pro ? 'Welcome to Pro!' : 'Your payment is still being confirmed'}</h1>
        <dl className="facts centered">
          <div>
            <dt>Account</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>Plan</dt>
            <dd>{pro ? 'Pro' : 'Free'}</dd>
          </div>
        </dl>
        {!pro && <p className="muted">This can take a minute. Your Account page shows your plan as soon as it changes.</p>}
        <Link to="/home" className="btn btn-primary">
          Start Creating Stories
        </Link>
      </div>
    </div>
  );
}
