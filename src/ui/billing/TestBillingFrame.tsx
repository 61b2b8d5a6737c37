import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Spinner } from '../Spinner';

interface FrameProps {
  title: string;
  /** Loading, or a session that does not exist (or has expired); the children otherwise. */
  state?: 'loading' | 'error';
  children?: ReactNode;
}

/** The page around the test billing provider's checkout and portal: unmistakably TEST MODE. */
export function TestBillingFrame({ title, state, children }: FrameProps) {
  return (
    <div className="test-billing-page">
      <div className="test-billing-card">
        <span className="test-mode-badge">TEST MODE</span>
        {state === 'loading' ? (
          <Spinner label="Loading…" />
        ) : state === 'error' ? (
          <>
            <h1>{title}</h1>
            <p className="alert alert-error">This test billing session does not exist or has expired.</p>
            <Link to="/account" className="btn btn-primary btn-block">
              Back to your account
            </Link>
          </>
        ) : (
          <>
            <h1>{title}</h1>
            {children}
          </>
        )}
      </div>
    </div>
  );
}
