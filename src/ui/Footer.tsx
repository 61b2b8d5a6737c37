import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME, TAGLINE } from './Brand';

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <span className="brand-mark" aria-hidden="true">言</span>
          <p className="footer-tagline">{TAGLINE}</p>
        </div>
        <nav className="footer-columns" aria-label="Footer">
          <div>
            <h2>Product</h2>
            <Link to="/home">Stories</Link>
            <Link to="/" hash="pricing">
              Pricing
            </Link>
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
