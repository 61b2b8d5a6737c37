import { useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../net/api';
import { formatPrice } from '../../shared/pricing';
import { closeUpgrade, upgrade } from '../../state/upgrade';
import { Dialog } from '../Dialog';
import { usePricing } from '../usePricing';

/** SPEC §4: idle, processing (the checkout is being created), redirect (the page is leaving for it). */
export type UpgradeState = 'idle' | 'processing' | 'redirect';

/** Where the whole page goes for checkout; a seam for tests, which cannot leave the page. */
export const checkoutNavigation = { assign: (url: string) => window.location.assign(url) };

export function UpgradeModal() {
  const { open } = useSnapshot(upgrade);
  return open ? <UpgradeDialog /> : null;
}

function UpgradeDialog() {
  const { pricing, status: pricingStatus } = usePricing();
  const [state, setState] = useState<UpgradeState>('idle');
  const [error, setError] = useState<string | null>(null);
  const upgradeRef = useRef<HTMLButtonElement>(null);
  const { free, pro } = pricing;
  const off = pricing.billing === 'off';

  const start = async () => {
    if (state !== 'idle') return;
    setState('processing');
    setError(null);
    try {
      const url = await api.checkout();
      setState('redirect');
      checkoutNavigation.assign(url);
    } catch {
      setState('idle');
      setError('Failed to start upgrade process. Please try again.');
    }
  };

  return (
    <Dialog
      title="Upgrade to Pro"
      icon="★"
      className="upgrade-modal"
      initialFocus={upgradeRef}
      // Leaving mid-redirect would only hide a page that is already on its way out.
      onClose={() => state === 'idle' && closeUpgrade()}
      description={
        <p>
          Free includes {free.stories_per_month} stories a month. Pro lets you read as many stories as you like, in every
          language and level.
        </p>
      }
    >
      {pricingStatus === 'failed' && <p className="alert alert-error">Failed to load pricing information</p>}
      <div className="upgrade-plan" data-plan="pro">
        <p className="price">
          <span className="amount">{formatPrice(pro.price)}</span>
          <span className="per">/month</span>
        </p>
        <ul className="checklist">
          {pro.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </div>
      {pricing.billing === 'test' && (
        <p className="test-mode-note">
          <span className="test-mode-badge">TEST MODE</span> This server uses test billing: no card is charged.
        </p>
      )}
      {off && <p className="alert alert-info">Upgrades are not available on this server.</p>}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" onClick={closeUpgrade} disabled={state !== 'idle'}>
          Maybe Later
        </button>
        {!off && (
          <button
            ref={upgradeRef}
            type="button"
            className="btn btn-primary"
            onClick={() => void start()}
            aria-disabled={state !== 'idle' || undefined}
          >
            {state === 'idle' ? 'Upgrade' : state === 'processing' ? 'Starting checkout…' : 'Redirecting to checkout…'}
          </button>
        )}
      </div>
      <p className="muted small text-center">Cancel anytime. No long-term commitments.</p>
    </Dialog>
  );
}
