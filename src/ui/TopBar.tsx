import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { auth } from '../state/auth';
import { refreshReviewDue, reviewDue } from '../state/review-due';
import { openUpgrade } from '../state/upgrade';
import { Brand } from './Brand';
import { UserMenu } from './UserMenu';

export function TopBar() {
  const { user, isAuthenticated } = useSnapshot(auth);
  const signedIn = isAuthenticated && user;
  const { count } = useSnapshot(reviewDue);
  const userId = signedIn ? user.id : null;
  useEffect(() => {
    if (userId) void refreshReviewDue();
  }, [userId]);
  return (
    <header className={signedIn ? 'topbar' : 'topbar topbar-guest'}>
      <div className="topbar-inner">
        <Brand />
        <nav aria-label="Account">
          {signedIn ? (
            <div className="topbar-actions">
              <Link to="/review" className="topbar-link topbar-review">
                <svg className="topbar-review__icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                  <rect x="3" y="5" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
                  <path d="M6 3h9a2 2 0 0 1 2 2v9" fill="none" stroke="currentColor" strokeWidth="1.8" />
                </svg>
                <span className="topbar-review__label">Review</span>
                {count ? (
                  <span className="count-badge">
                    {count > 999 ? '999+' : count}
                    <span className="visually-hidden"> {count === 1 ? 'card' : 'cards'} due</span>
                  </span>
                ) : null}
              </Link>
              {user.subscription.tier === 'free' && (
                <button type="button" className="btn btn-primary btn-small topbar-upgrade" aria-label="Upgrade to Pro" onClick={openUpgrade}>
                  <span className="upgrade-long">Upgrade</span>
                  <span className="upgrade-short" aria-hidden="true">
                    ★ Pro
                  </span>
                </button>
              )}
              <UserMenu user={user} />
            </div>
          ) : (
            <div className="topbar-actions">
              {/* Visitors deciding whether to sign up; the footer links it too, so phones drop it for room. */}
              <Link to="/pricing" className="topbar-link">
                Pricing
              </Link>
              <Link to="/login" className="btn btn-ghost">
                Log in
              </Link>
              <Link to="/register" className="btn btn-primary">
                Get Started
              </Link>
            </div>
          )}
        </nav>
      </div>
    </header>
  );
}
