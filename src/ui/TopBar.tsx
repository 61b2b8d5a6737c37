import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { auth } from '../state/auth';
import { openUpgrade } from '../state/upgrade';
import { Brand } from './Brand';
import { UserMenu } from './UserMenu';

export function TopBar() {
  const { user, isAuthenticated } = useSnapshot(auth);
  const signedIn = isAuthenticated && user;
  return (
    <header className={signedIn ? 'topbar' : 'topbar topbar-guest'}>
      <div className="topbar-inner">
        <Brand />
        <nav aria-label="Account">
          {signedIn ? (
            <div className="topbar-actions">
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
