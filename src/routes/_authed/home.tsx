import { createFileRoute } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { auth } from '../../state/auth';
import { ResendVerification } from '../../ui/ResendVerification';
import { UsageMeter } from '../../ui/UsageMeter';

export const Route = createFileRoute('/_authed/home')({ component: Home });

function Home() {
  const { user } = useSnapshot(auth);
  if (!user) return null;
  return (
    <main className="container home">
      <header className="page-header">
        <p className="eyebrow">Welcome, {user.name}</p>
        <h1>AI-Generated Visual Novels for Language Learning</h1>
      </header>
      {!user.email_verified && (
        <section className="card verify-callout" aria-label="Email verification">
          <p>
            <strong>One step left:</strong> verify <strong>{user.email}</strong> to start generating stories.
          </p>
          <ResendVerification />
        </section>
      )}
      <section className="card" aria-labelledby="usage-heading">
        <h2 id="usage-heading">This month</h2>
        <UsageMeter subscription={user.subscription} />
      </section>
    </main>
  );
}
