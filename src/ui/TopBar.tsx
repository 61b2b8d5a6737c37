import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { auth } from '../state/auth';
import { Brand } from './Brand';
import { UserMenu } from './UserMenu';

export function TopBar() {
  const { user, isAuthenticated } = useSnapshot(auth);
  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Brand />
        <nav aria-label="Account">
          {isAuthenticated && user ? (
            <UserMenu user={user} />
          ) : (
            <div className="topbar-actions">
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
