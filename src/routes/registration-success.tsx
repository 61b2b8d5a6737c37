import { createFileRoute, Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { auth } from '../state/auth';
import { publicHead } from '../ui/page-head';
import { useLocalMailbox } from '../ui/useLocalMailbox';

const WEBMAIL = [
  { name: 'Gmail', href: 'https://mail.google.com/' },
  { name: 'Outlook', href: 'https://outlook.live.com/mail/' },
  { name: 'Yahoo Mail', href: 'https://mail.yahoo.com/' },
  { name: 'iCloud Mail', href: 'https://www.icloud.com/mail' },
];

export const Route = createFileRoute('/registration-success')({ head: () => publicHead('/registration-success'), component: RegistrationSuccess });

function RegistrationSuccess() {
  const { user } = useSnapshot(auth);
  const localMailbox = useLocalMailbox();
  return (
    <div className="container narrow-page">
      <div className="card text-center">
        <div className="big-icon" aria-hidden="true">便</div>
        <h1>Check your email</h1>
        <p className="lead">
          We sent a verification link to {user ? <strong>{user.email}</strong> : 'your address'}. Open it to confirm
          your account and start generating stories.
        </p>
        {localMailbox && (
          <p className="alert alert-info">
            This server has no mail server configured, so mail stays on it.{' '}
            <Link to="/dev/mailbox">Open the local mailbox</Link>
          </p>
        )}
        <div className="webmail-links" aria-label="Open your webmail">
          {WEBMAIL.map((provider) => (
            <a key={provider.name} className="btn btn-secondary" href={provider.href} target="_blank" rel="noreferrer">
              {provider.name}
            </a>
          ))}
        </div>
        <div className="tips">
          <h2>Didn't get it?</h2>
          <ul>
            <li>Give it a minute, then check your spam or promotions folder.</li>
            <li>The link expires in 24 hours and works once.</li>
            <li>You can send a new link from your Account page at any time.</li>
          </ul>
        </div>
        <div className="actions">
          <Link to="/home" className="btn btn-primary">
            Continue to your stories
          </Link>
          <Link to="/account" className="btn btn-ghost">
            Account
          </Link>
        </div>
      </div>
    </div>
  );
}
