import { useState } from 'react';
import type { Subscription } from '../../shared/api';
import { openUpgrade } from '../../state/upgrade';

const DISMISSED_KEY = 'limit-banner-dismissed';

/** SPEC §4: the warning banner shows to free learners with exactly one story left. */
export function showsLimitBanner(subscription: Subscription): boolean {
  return subscription.tier === 'free' && subscription.stories_remaining === 1;
}

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Almost at your limit: dismissible for the browser session (sessionStorage), not for good. */
export function LimitBanner({ subscription }: { subscription: Subscription }) {
  const [dismissed, setDismissed] = useState(dismissedThisSession);
  if (dismissed || !showsLimitBanner(subscription)) return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private modes may refuse storage; the banner still goes away for this page's life.
    }
    setDismissed(true);
  };
  return (
    <aside className="limit-banner" aria-label="Almost at your limit">
      <p>
        <strong>Almost at your limit</strong> — you have 1 story left this month. Upgrade to Pro for unlimited stories.
      </p>
      <button type="button" className="btn btn-primary btn-small" onClick={openUpgrade}>
        Upgrade
      </button>
      <button type="button" className="banner-dismiss" aria-label="Dismiss" onClick={dismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}
