import { Link } from '@tanstack/react-router';

export const PRODUCT_NAME = 'Kotoba Tales';
export const TAGLINE = 'Learn Japanese through AI-powered Visual Novels';

export function Brand({ to = '/home' }: { to?: '/home' | '/' }) {
  return (
    <Link to={to} className="brand" aria-label={`${PRODUCT_NAME} home`}>
      <span className="brand-mark" aria-hidden="true">言</span>
      <span className="brand-name">{PRODUCT_NAME}</span>
    </Link>
  );
}
