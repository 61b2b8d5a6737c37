import { useState } from 'react';
import type { Subscription } from '../../shared/api';
import { formatPrice } from '../../shared/pricing';
import { openUpgrade } from '../../state/upgrade';
import { formatDate } from '../format';
import { usePricing } from '../usePricing';
import { openBillingPortal } from './billing-portal';

/** SPEC §2 subscription card: Upgrade for free learners, Manage Billing (a new tab) for Pro. */
export function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const { pricing } = usePricing();
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pro = subscription.tier === 'pro';

  const manage = async () => {
    setOpening(true);
    setError(null);
    try {
      await openBillingPortal();
    } catch {
      setError('Failed to open billing management. Please try again.');
    } finally {
      setOpening(false);
    }
  };

  return (
    <section className="card subscription-card" aria-labelledby="subscription-heading">
      <h2 id="subscription-heading">Subscription</h2>
      <div className="plan-line">
        <div>
          <p className="plan-name">
            {pro ? 'Pro' : 'Free'}{' '}
            {pro ? <span className="badge badge-pro">Pro Member</span> : <span className="badge">Free plan</span>}
          </p>
          <p className="muted">
            {pro
              ? `${formatPrice(pricing.pro.price)}/month · unlimited stories`
              : `${subscription.stories_limit} stories a month · Pro is ${formatPrice(pricing.pro.price)}/month for unlimited stories`}
          </p>
        </div>
        {pro ? (
          <button type="button" className="btn btn-secondary" onClick={() => void manage()} aria-disabled={opening || undefined}>
            {opening ? 'Opening…' : 'Manage Billing'}
          </button>
        ) : (
          pricing.billing !== 'off' && (
            <button type="button" className="btn btn-primary" onClick={openUpgrade}>
              Upgrade
            </button>
          )
        )}
      </div>
      {pro && <PlanStatus subscription={subscription} />}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

function PlanStatus({ subscription }: { subscription: Subscription }) {
  const date = subscription.renewal_date && formatDate(subscription.renewal_date);
  if (subscription.status === 'past_due') {
    return (
      <p className="alert alert-error" role="alert">
        Your last payment failed. Update your card in Manage Billing to keep Pro.
      </p>
    );
  }
  if (!date) return <p className="muted">Your Pro plan has no end date.</p>;
  if (subscription.cancel_at_period_end) {
    return (
      <p className="alert alert-info">
        Your Pro plan is cancelled and ends on {date}. You keep Pro until then; resume it in Manage Billing.
      </p>
    );
  }
  return <p className="muted">Renews on {date}.</p>;
}
