import { createFileRoute, Link } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/checkout/cancel')({ component: CheckoutCancel });

function CheckoutCancel() {
  return (
    <main className="container narrow-page">
      <div className="card text-center">
        <div className="big-icon" aria-hidden="true">戻</div>
        <h1>Upgrade Cancelled</h1>
        <p className="lead">No payment was taken. Your free plan carries on as before.</p>
        <Link to="/home" className="btn btn-primary">
          Continue with Free
        </Link>
      </div>
    </main>
  );
}
