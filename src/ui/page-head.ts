import { PRODUCT_NAME } from './Brand';

/**
 * Titles and meta descriptions, one place for all of them (rendered by `<HeadContent />` in the root route).
 * Public pages get a title and a description of their own; app pages get a plain title and keep the default
 * description. No server-owned figure (quota, price) is written here: heads are not re-rendered when the
 * pricing call answers.
 */

/** index.html carries the same two strings for the first paint (tests/web/page-head.test.ts holds them equal). */
export const DEFAULT_TITLE = `${PRODUCT_NAME} — learn Japanese and English with visual novels`;
export const DEFAULT_DESCRIPTION =
  'Read AI-generated visual novels graded to your Japanese (JLPT) or English (CEFR) level, with furigana, grammar and vocabulary help.';

/** "FAQ · Kotoba Tales". */
export function titled(page: string): string {
  return `${page} · ${PRODUCT_NAME}`;
}

export interface PageHead {
  title: string;
  description: string;
}

/** Every public page (SPEC §2 route table, plus /pricing), by path. */
export const PUBLIC_PAGES = {
  '/': { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION },
  '/pricing': {
    title: titled('Pricing'),
    description:
      'Start free with a monthly allowance of stories, or go Pro for unlimited visual novels in Japanese and English. Cancel anytime.',
  },
  '/about': {
    title: titled('About'),
    description:
      'Why Kotoba Tales teaches Japanese and English through branching visual novels, graded to your level, with reading aids built in.',
  },
  '/faq': {
    title: titled('FAQ'),
    description:
      'Answers about reading on Kotoba Tales: furigana, grammar and vocabulary modes, JLPT and CEFR levels, plans, billing and your account.',
  },
  '/contact': {
    title: titled('Contact'),
    description:
      'Questions, bug reports, billing or an idea for a story theme? Send the Kotoba Tales team a message; we reply within 24–48 hours.',
  },
  '/privacy': {
    title: titled('Privacy Policy'),
    description:
      'What personal data Kotoba Tales collects, why, who helps process it, how long it is kept and your rights. Includes the cookie policy.',
  },
  '/terms': {
    title: titled('Terms of Service'),
    description:
      'The rules for using Kotoba Tales: your account, the Free and Pro plans, billing and cancellation, acceptable use and liability.',
  },
  '/login': {
    title: titled('Sign in'),
    description: 'Sign in to Kotoba Tales to continue your stories where you left off.',
  },
  '/register': {
    title: titled('Create your account'),
    description:
      'Create a free Kotoba Tales account and start reading visual novels written for your Japanese or English level.',
  },
  '/forgot-password': {
    title: titled('Forgot your password'),
    description: 'Ask for a link to choose a new Kotoba Tales password. The link arrives by e-mail and works for 1 hour.',
  },
  '/reset-password': {
    title: titled('Choose a new password'),
    description: 'Choose a new password for your Kotoba Tales account with the reset link from your e-mail.',
  },
  '/verify-email': {
    title: titled('Verify your email'),
    description: 'Confirm your e-mail address to start generating stories on Kotoba Tales.',
  },
  '/registration-success': {
    title: titled('Check your email'),
    description:
      'Your Kotoba Tales account is ready. Open the verification link we e-mailed you to start generating stories.',
  },
} as const satisfies Record<string, PageHead>;

export type PublicPath = keyof typeof PUBLIC_PAGES;

/** Plain titles of the app pages (signed in, or the local test stand-ins). */
export const APP_PAGE_TITLES = {
  home: titled('My stories'),
  reader: titled('Reader'),
  storyNotFound: titled('Story not found'),
  account: titled('Account settings'),
  review: titled('Review'),
  progress: titled('Your progress'),
  checkoutSuccess: titled('Checkout complete'),
  checkoutCancel: titled('Upgrade cancelled'),
  testCheckout: titled('Test checkout'),
  testPortal: titled('Test billing portal'),
  mailbox: titled('Local mailbox'),
  notFound: titled('Page not found'),
} as const;

type HeadMeta = { title: string } | { name: string; content: string };

/** The `head` option of a route: its title and, when given, its description. */
export function head(title: string, description?: string): { meta: HeadMeta[] } {
  return { meta: description ? [{ title }, { name: 'description', content: description }] : [{ title }] };
}

/** The `head` option of a public page. */
export function publicHead(path: PublicPath): { meta: HeadMeta[] } {
  const page: PageHead = PUBLIC_PAGES[path];
  return head(page.title, page.description);
}

/**
 * index.html's title and description (marked data-first-paint) serve the first paint and crawlers that run no
 * script. React inserts the route's own beside them, so each one leaves as soon as its replacement is in
 * <head>: one title and one description at any time, and never none. Called once, before the app renders.
 */
export function handOverFirstPaintHead(doc: Document = document): void {
  const title = doc.head.querySelector('title[data-first-paint]');
  const description = doc.head.querySelector('meta[name="description"][data-first-paint]');
  const handOver = () => {
    if (title?.isConnected && doc.head.querySelectorAll('title').length > 1) title.remove();
    if (description?.isConnected && doc.head.querySelectorAll('meta[name="description"]').length > 1) description.remove();
    return !title?.isConnected && !description?.isConnected;
  };
  if (handOver()) return;
  const observer = new MutationObserver(() => {
    if (handOver()) observer.disconnect();
  });
  observer.observe(doc.head, { childList: true });
}
