import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { auth, logout, refreshUser } from '../../state/auth';
import { SubscriptionCard } from '../../ui/billing/SubscriptionCard';
import { formatDate } from '../../ui/format';
import { ResendVerification } from '../../ui/ResendVerification';
import { UsageMeter } from '../../ui/UsageMeter';

export const Route = createFileRoute('/_authed/account')({ component: Account });

function Account() {
  const { user } = useSnapshot(auth);
  const navigate = useNavigate();
  useEffect(() => {
    void refreshUser().catch(() => undefined);
  }, []);
  if (!user) return null;

  return (
    <main className="container account">
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
      <div className="actions">
        <Link to="/home" className="btn btn-primary">
          Back to Stories
        </Link>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => void navigate({ to: '/' }).then(logout)}
        >
          Sign Out
        </button>
      </div>
    </main>
  );
}
