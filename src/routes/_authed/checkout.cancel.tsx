import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { openUpgrade } from '../../state/upgrade';
import { APP_PAGE_TITLES, head } from '../../ui/page-head';
import { usePricing } from '../../ui/usePricing';

export const Route = createFileRoute('/_authed/checkout/cancel')({ head: () => head(APP_PAGE_TITLES.checkoutCancel), component: CheckoutCancel });

function CheckoutCancel() {
  const navigate = useNavigate();
  const { figures } = usePricing();
  return (
    <div className="container narrow-page">
      <div className="card text-center">
        <div className="big-icon" aria-hidden="true">戻</div>
        <h1>Upgrade Cancelled</h1>
        <p className="lead">No payment was taken. Your free plan carries on with {figures.freeStoriesPerMonth} stories a month.</p>
        <div className="actions centered">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              openUpgrade();
              void navigate({ to: '/home' });
            }}
          >
            Try Upgrading Again
          </button>
          <Link to="/home" className="btn btn-ghost">
            Continue with Free
          </Link>
        </div>
      </div>
    </div>
  );
}
