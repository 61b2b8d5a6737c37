import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { auth, logout, refreshUser } from '../../state/auth';
import { DataExport } from '../../ui/account/DataExport';
import { DeleteAccount } from '../../ui/account/DeleteAccount';
import { SecuritySettings } from '../../ui/account/SecuritySettings';
import { SubscriptionCard } from '../../ui/billing/SubscriptionCard';
import { formatDate } from '../../ui/format';
import { APP_PAGE_TITLES, head } from '../../ui/page-head';
import { ResendVerification } from '../../ui/ResendVerification';
import { UsageMeter } from '../../ui/UsageMeter';
import { WordsSection } from '../../ui/words/WordsSection';

export const Route = createFileRoute('/_authed/account')({ head: () => head(APP_PAGE_TITLES.account), component: Account });

/** Two refreshes this close together are one return to the page (focus and visibilitychange both fire). */
const RETURN_REFRESH_GAP_MS = 2000;

/**
 * Fetches the learner again whenever the page is shown again: after cancelling or resuming Pro in the billing
 * portal's tab, "Renews on…" and the delete button follow without a reload; so does a confirmed e-mail change.
 */
function useRefreshOnReturn(paused: { current: boolean }) {
  useEffect(() => {
    let last = 0;
    const refresh = () => {
      if (paused.current || document.visibilityState !== 'visible' || Date.now() - last < RETURN_REFRESH_GAP_MS) return;
      last = Date.now();
      void refreshUser().catch(() => undefined);
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [paused]);
}

function Account() {
  const { user } = useSnapshot(auth);
  const navigate = useNavigate();
  // Once the account is deleted its token is dead: no refresh may sign out (and redirect) under the goodbye.
  const deleted = useRef(false);
  useEffect(() => {
    void refreshUser().catch(() => undefined);
  }, []);
  useRefreshOnReturn(deleted);
  if (!user) return null;
  const signOut = () => void navigate({ to: '/' }).then(logout);

  return (
    <div className="container account">
      <h1>Account Settings</h1>
      <section className="card" aria-labelledby="profile-heading">
        <div className="profile-head">
          <span className="avatar avatar-large" aria-hidden="true">
            {user.name.trim().charAt(0).toUpperCase()}
          </span>
          <div>
            <h2 id="profile-heading">{user.name}</h2>
            <p className="email-line">
              <span>{user.email}</span>
              {user.email_verified ? (
                <span className="badge badge-success">Verified</span>
              ) : (
                <span className="badge badge-warning">Unverified</span>
              )}
            </p>
          </div>
        </div>
        {!user.email_verified && (
          <div className="verify-callout">
            <p>Verify your email to start generating stories. The link we sent expires after 24 hours.</p>
            <ResendVerification />
          </div>
        )}
        <dl className="facts">
          <div>
            <dt>Member Since</dt>
            <dd>{formatDate(user.created_at)}</dd>
          </div>
          <div>
            <dt>Last Login</dt>
            <dd>{formatDate(user.last_login, true)}</dd>
          </div>
        </dl>
      </section>
      <SubscriptionCard subscription={user.subscription} />
      <section className="card" aria-labelledby="usage-heading">
        <h2 id="usage-heading">Monthly usage</h2>
        <UsageMeter subscription={user.subscription} />
      </section>
      <WordsSection />
      <SecuritySettings user={user} />
      <DataExport />
      <DeleteAccount
        subscription={user.subscription}
        onDeleted={() => (deleted.current = true)}
        onLeave={signOut}
      />
      <div className="actions">
        <Link to="/home" className="btn btn-primary">
          Back to Stories
        </Link>
        <button type="button" className="btn btn-ghost" onClick={signOut}>
          Sign Out
        </button>
      </div>
    </div>
  );
}
