import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from './Brand';

/** SPEC §1's tagline named Japanese only; the product teaches English too (PRODUCT.md: who it is for). */
export const FOOTER_TAGLINE = 'Learn Japanese and English through AI-powered Visual Novels';

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <span className="brand-mark" aria-hidden="true">言</span>
          <p className="footer-tagline">{FOOTER_TAGLINE}</p>
        </div>
        <nav className="footer-columns" aria-label="Footer">
          <div>
            <h2>Product</h2>
            <Link to="/home">Stories</Link>
            <Link to="/pricing">Pricing</Link>
            <Link to="/faq">FAQ</Link>
          </div>
          <div>
            <h2>Company</h2>
            <Link to="/about">About</Link>
            <Link to="/contact">Contact</Link>
          </div>
          <div>
            <h2>Legal</h2>
            <Link to="/privacy">Privacy Policy</Link>
            <Link to="/terms">Terms of Service</Link>
            <Link to="/privacy" hash="cookies">
              Cookie Policy
            </Link>
          </div>
        </nav>
      </div>
      <p className="copyright">
        © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
