import { Link } from '@tanstack/react-router';
import { formatPrice } from '../shared/pricing';
import { usePricing } from './usePricing';

export function PricingCards() {
  const { pricing, status } = usePricing();
  const plans = [
    { key: 'free' as const, plan: pricing.free, cta: 'Start for free', highlight: false },
    { key: 'pro' as const, plan: pricing.pro, cta: 'Go Pro', highlight: true },
  ];
  return (
    <div className="pricing-grid" aria-busy={status === 'loading'}>
      {plans.map(({ key, plan, cta, highlight }) => (
        <article key={key} className={highlight ? 'price-card highlight' : 'price-card'} data-plan={key}>
          {highlight && <p className="ribbon">Most popular</p>}
          <h3>{plan.name}</h3>
          <p className="price">
            <span className="amount">{formatPrice(plan.price)}</span>
            <span className="per">/month</span>
          </p>
          <p className="muted">
            {plan.stories_per_month === -1 ? 'Unlimited stories' : `${plan.stories_per_month} stories every month`}
          </p>
          <ul className="checklist">
            {plan.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          <Link to="/register" className={highlight ? 'btn btn-primary btn-block' : 'btn btn-secondary btn-block'}>
            {cta}
          </Link>
        </article>
      ))}
      <p className="pricing-note">Cancel anytime. No long-term commitments.</p>
    </div>
  );
}
