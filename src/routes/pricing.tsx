import { createFileRoute, Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { faqCategories } from '../content/faq';
import { auth } from '../state/auth';
import { openUpgrade } from '../state/upgrade';
import { ContentBlocks } from '../ui/ContentBlocks';
import { publicHead } from '../ui/page-head';
import { PricingCards } from '../ui/PricingCards';
import { usePricing } from '../ui/usePricing';

export const Route = createFileRoute('/pricing')({
  head: () => publicHead('/pricing'),
  component: Pricing,
});

/** The billing questions are the FAQ's own, so the two pages can never disagree. */
const billingQuestions = faqCategories.find((category) => category.id === 'plans-and-billing')?.items ?? [];

/** /pricing: the plans as the server sends them (the same cards as the landing page's #pricing section). */
function Pricing() {
  const { figures } = usePricing();
  const { user, isAuthenticated } = useSnapshot(auth);
  const stories = figures.freeStoriesPerMonth === 1 ? '1 story' : `${figures.freeStoriesPerMonth} stories`;
  const tier = isAuthenticated ? user?.subscription.tier : undefined;
  return (
    <div className="container pricing-page">
      <header className="page-header">
        <p className="eyebrow">Pricing</p>
        <h1>Read more stories, your way</h1>
        <p className="lead">
          Start free with {stories} every month. Go Pro for {figures.proPrice} a month and read as many stories as you like.
          Every reading aid, language and level is in both plans.
        </p>
      </header>

      {tier === 'free' && (
        <div className="plan-status">
          <p>You are on the Free plan.</p>
          <button type="button" className="btn btn-primary btn-small" onClick={openUpgrade}>
            Upgrade to Pro
          </button>
        </div>
      )}
      {tier === 'pro' && (
        <div className="plan-status">
          <p>You are a Pro member. Manage your subscription from your account.</p>
          <Link to="/account" className="btn btn-secondary btn-small">
            Account Settings
          </Link>
        </div>
      )}

      <PricingCards />

      <section className="pricing-questions" aria-labelledby="pricing-questions-heading">
        <h2 id="pricing-questions-heading">Questions about plans</h2>
        {billingQuestions.map((item) => (
          <details key={item.id} id={item.id} className="faq-item">
            <summary>{item.question}</summary>
            <div className="faq-answer">
              <ContentBlocks blocks={item.answer(figures)} />
            </div>
          </details>
        ))}
        <p className="muted">
          More answers are in the <Link to="/faq">FAQ</Link>, or <Link to="/contact">write to us</Link>.
        </p>
      </section>
    </div>
  );
}
