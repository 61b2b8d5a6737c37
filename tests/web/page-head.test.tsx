import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeTree } from '../../src/routeTree.gen';
import { session } from '../../src/scenes/story-connection';
import { buildPricing } from '../../src/shared/pricing';
import type { User } from '../../src/shared/api';
import { auth, AUTH_STORAGE_KEY } from '../../src/state/auth';
import { upgrade } from '../../src/state/upgrade';
import {
  APP_PAGE_TITLES,
  DEFAULT_DESCRIPTION,
  DEFAULT_TITLE,
  handOverFirstPaintHead,
  PUBLIC_PAGES,
  type PublicPath,
} from '../../src/ui/page-head';
import { NotFound } from '../../src/ui/NotFound';
import { makeUser } from './fixtures';

// The reader's stage (canvas, socket) has its own tests; here only the route's title matters.
vi.mock('../../src/scenes/reader/ReaderScreen', () => ({ ReaderScreen: () => <p>Reader stage</p> }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const publicPaths = Object.keys(PUBLIC_PAGES) as PublicPath[];

/** A backend that knows the pricing (custom figures, so nothing built in can pass for them) and the profile. */
function fakeServer(me?: User) {
  const pricing = buildPricing(4, 1250);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/payment/pricing') return json(200, { data: pricing });
      if (url === '/api/auth/me' && me) return json(200, me);
      return json(404, { detail: 'Not found' });
    }),
  );
}

function signIn(user: User) {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ token: 'tok', user, isAuthenticated: true }));
  Object.assign(auth, { token: 'tok', user, isAuthenticated: true, status: 'ready', error: null });
}

function renderAt(path: string) {
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultNotFoundComponent: NotFound,
  });
  render(<RouterProvider router={router} />);
  return router;
}

const headTitles = () => [...document.head.querySelectorAll('title')].map((title) => title.textContent);
const headDescriptions = () =>
  [...document.head.querySelectorAll('meta[name="description"]')].map((meta) => meta.getAttribute('content'));

/** The head once the route's tags are in: exactly one title and one description. */
async function expectHead(title: string, description: string) {
  await waitFor(() => expect(headTitles()).toEqual([title]));
  expect(document.title).toBe(title);
  expect(headDescriptions()).toEqual([description]);
}

afterEach(() => {
  // Unmount first: signing out under a mounted protected page would send it to /login.
  cleanup();
  vi.unstubAllGlobals();
  Object.assign(auth, { token: null, user: null, isAuthenticated: false, status: 'ready', error: null });
  upgrade.open = false;
});

describe('page titles and descriptions: the table', () => {
  it('gives every public page its own title and its own description', () => {
    const titles = publicPaths.map((path) => PUBLIC_PAGES[path].title);
    const descriptions = publicPaths.map((path) => PUBLIC_PAGES[path].description);
    expect(new Set(titles).size).toBe(publicPaths.length);
    expect(new Set(descriptions).size).toBe(publicPaths.length);
  });

  it('keeps titles short enough for a tab and a search result, descriptions for a snippet', () => {
    for (const path of publicPaths) {
      const { title, description } = PUBLIC_PAGES[path];
      expect(title, path).toContain('Kotoba Tales');
      expect(title.length, path).toBeLessThanOrEqual(60);
      expect(description.length, path).toBeGreaterThanOrEqual(50);
      expect(description.length, path).toBeLessThanOrEqual(160);
    }
  });

  it('writes no plan figure into a head (the server owns them and heads do not re-render)', () => {
    for (const path of publicPaths) expect(PUBLIC_PAGES[path].description, path).not.toMatch(/\$|\d+ stories/);
  });

  it('names only real routes of the route tree, /pricing included', () => {
    const router = createRouter({ routeTree });
    for (const path of publicPaths) expect(Object.keys(router.routesByPath), path).toContain(path);
  });

  it('index.html shows the same default title and description before the app starts', () => {
    const html = readFileSync('index.html', 'utf8');
    expect(html).toContain(`<title data-first-paint>${DEFAULT_TITLE}</title>`);
    expect(html).toContain(`<meta name="description" data-first-paint content="${DEFAULT_DESCRIPTION}" />`);
  });
});

describe('page titles and descriptions: rendered', () => {
  it.each(publicPaths)('%s has its own title and description in <head>', async (path) => {
    fakeServer();
    renderAt(path);
    await expectHead(PUBLIC_PAGES[path].title, PUBLIC_PAGES[path].description);
  });

  it('swaps title and description on client-side navigation, leaving one of each', async () => {
    fakeServer();
    const router = renderAt('/about');
    await expectHead(PUBLIC_PAGES['/about'].title, PUBLIC_PAGES['/about'].description);
    await act(() => router.navigate({ to: '/faq' }));
    await expectHead(PUBLIC_PAGES['/faq'].title, PUBLIC_PAGES['/faq'].description);
  });

  it('titles an unknown address "Page not found"', async () => {
    fakeServer();
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    await expectHead(APP_PAGE_TITLES.notFound, DEFAULT_DESCRIPTION);
  });

  it('gives app pages a plain title and the default description', async () => {
    const user = makeUser();
    fakeServer(user);
    signIn(user);
    renderAt('/checkout/cancel');
    await expectHead(APP_PAGE_TITLES.checkoutCancel, DEFAULT_DESCRIPTION);
  });

  it('titles the reader with the story once the session knows it, and a bad id "Story not found"', async () => {
    const user = makeUser();
    fakeServer(user);
    signIn(user);
    const storyId = '3f0c8a52-6a8e-4b43-9d6c-1f2e3a4b5c6d';
    const router = renderAt(`/reader/${storyId}`);
    await screen.findByText('Reader stage');
    await waitFor(() => expect(document.title).toBe(APP_PAGE_TITLES.reader));
    act(() => {
      session.state.storyId = storyId;
      session.state.title = '駅で待っていて';
    });
    await waitFor(() => expect(document.title).toBe('駅で待っていて · Kotoba Tales'));
    await act(() => router.navigate({ to: '/reader/$storyId', params: { storyId: 'not-a-story' } }));
    await screen.findByRole('heading', { name: 'Story not found' });
    await expectHead(APP_PAGE_TITLES.storyNotFound, DEFAULT_DESCRIPTION);
    act(() => {
      session.state.storyId = null;
      session.state.title = '';
    });
  });
});

describe('first-paint head hand-over', () => {
  function firstPaintHead() {
    document.head.innerHTML =
      '<title data-first-paint>Default</title><meta name="description" data-first-paint content="Default description">';
  }
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('keeps index.html’s title and description until the app’s own arrive, then leaves one of each', async () => {
    firstPaintHead();
    handOverFirstPaintHead();
    expect(headTitles()).toEqual(['Default']);
    expect(headDescriptions()).toEqual(['Default description']);

    const title = document.createElement('title');
    title.textContent = 'FAQ · Kotoba Tales';
    document.head.prepend(title);
    await waitFor(() => expect(headTitles()).toEqual(['FAQ · Kotoba Tales']));
    expect(headDescriptions()).toEqual(['Default description']);

    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'Answers';
    document.head.append(meta);
    await waitFor(() => expect(headDescriptions()).toEqual(['Answers']));
  });
});

describe('/pricing', () => {
  it('shows the server’s plans with the landing page’s cards, and the FAQ’s billing questions', async () => {
    fakeServer();
    renderAt('/pricing');
    expect(await screen.findByText('$12.50')).toBeTruthy();
    expect(screen.getByText('4 stories every month')).toBeTruthy();
    expect(document.querySelectorAll('[data-plan]')).toHaveLength(2);
    expect(screen.getByText(/Start free with 4 stories every month\. Go Pro for \$12\.50 a month/)).toBeTruthy();
    expect(screen.getByText('How does the free plan work?')).toBeTruthy();
    expect(screen.getByText('Can I get a refund?')).toBeTruthy();
    expect(screen.queryByText('You are on the Free plan.')).toBeNull();
  });

  it('offers a signed-in free learner the upgrade', async () => {
    const free = makeUser();
    fakeServer(free);
    signIn(free);
    renderAt('/pricing');
    expect(await screen.findByText('You are on the Free plan.')).toBeTruthy();
    const status = document.querySelector('.plan-status') as HTMLElement;
    await userEvent.click(within(status).getByRole('button', { name: 'Upgrade to Pro' }));
    expect(upgrade.open).toBe(true);
  });

  it('tells a Pro member where to manage the subscription', async () => {
    const pro = makeUser({ subscription: { tier: 'pro', stories_limit: 0 } });
    fakeServer(pro);
    signIn(pro);
    renderAt('/pricing');
    expect(await screen.findByText(/You are a Pro member/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Account Settings' }).getAttribute('href')).toBe('/account');
  });

  it('is linked from the footer’s Product column and the signed-out top bar', async () => {
    fakeServer();
    renderAt('/faq');
    const footer = await screen.findByRole('contentinfo');
    const pricingLinks = [...document.querySelectorAll('a')].filter((a) => a.textContent === 'Pricing');
    expect(pricingLinks.map((a) => a.getAttribute('href'))).toEqual(['/pricing', '/pricing']);
    expect(footer.contains(pricingLinks[1]!)).toBe(true);
  });
});
