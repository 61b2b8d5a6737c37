import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <div className="center-screen">
      <div className="card narrow text-center">
        <div className="big-icon" aria-hidden="true">迷</div>
        <h1>Page not found</h1>
        <p className="muted">The page you were looking for is not part of this story.</p>
        <Link className="btn btn-primary" to="/">
          Back to the home page
        </Link>
      </div>
    </div>
  );
}
