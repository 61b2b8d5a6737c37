import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeTree } from '../../src/routeTree.gen';
import { storytellerStore } from '../../src/state/storyteller';
import { ErrorScreen } from '../../src/ui/ErrorScreen';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function renderAt(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('verify e-mail page (SPEC §4, §8)', () => {
  it('offers a new link when the server says the link expired', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(400, { detail: 'This link has expired. Please request a new one.' })));
    renderAt('/verify-email?token=old');
    expect(await screen.findByText('Your verification link has expired. Please request a new one.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request New Verification Link' }).getAttribute('href')).toBe('/account');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeTruthy();
  });

  it('shows the server detail for other refusals, and a generic line when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(400, { detail: 'Invalid verification link' })));
    renderAt('/verify-email?token=bad');
    expect(await screen.findByText('Invalid verification link')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create New Account' })).toBeTruthy();
  });

  it('reports a network failure in the catalogue words', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderAt('/verify-email?token=net');
    expect(await screen.findByText('An error occurred during verification')).toBeTruthy();
  });

  it('sends the token once even when React renders twice', async () => {
    const fetch = vi.fn().mockResolvedValue(json(200, { message: 'Email verified' }));
    vi.stubGlobal('fetch', fetch);
    renderAt('/verify-email?token=once');
    expect(await screen.findByText('Email verified!')).toBeTruthy();
    expect(fetch.mock.calls.filter(([url]) => url === '/api/auth/verify-email')).toHaveLength(1);
  });
});

describe('pricing on the landing page', () => {
  it('renders the figures the server sends, not built-in ones', async () => {
    const pricing = {
      free: { name: 'Free', price: 0, stories_per_month: 4, features: ['4 stories per month'] },
      pro: { name: 'Pro', price: 1250, stories_per_month: -1, features: ['Unlimited stories'] },
    };
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/api/payment/pricing' ? json(200, { data: pricing }) : json(404, {}))));
    renderAt('/');
    expect(await screen.findByText('$12.50')).toBeTruthy();
    expect(screen.getByText('4 stories every month')).toBeTruthy();
  });
});

describe('error boundary', () => {
  it('shows the SPEC screen with a Refresh Page button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = createRootRoute();
    const broken = createRoute({
      getParentRoute: () => root,
      path: '/',
      component: () => {
        throw new Error('boom');
      },
    });
    const router = createRouter({
      routeTree: root.addChildren([broken]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
      defaultErrorComponent: ErrorScreen,
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('We encountered an unexpected error. Please refresh the page to try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
  });
});

describe('who tells the stories (the server says)', () => {
  const serve = (storyteller: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/stories/storyteller' ? json(200, { success: true, data: storyteller }) : json(404, { detail: 'Not found' }),
      ),
    );
  afterEach(() => Object.assign(storytellerStore, { info: null, status: 'idle' }));

  it('promises newly written scenes only with a model storyteller', async () => {
    serve({ storyteller: 'model', library_stories: null });
    renderAt('/');
    expect(await screen.findByText('Streamed as it is written')).toBeTruthy();
    expect(screen.getByText(/every scene is new/)).toBeTruthy();
  });

  it('says stories come from the built-in library when no model is configured, on the landing page, About and the FAQ', async () => {
    serve({ storyteller: 'library', library_stories: 108 });
    renderAt('/');
    expect(await screen.findByText('A library of graded stories')).toBeTruthy();
    expect(screen.getByText(/108 hand-written branching stories/)).toBeTruthy();
    expect(screen.queryByText(/every scene is new/)).toBeNull();
    expect(screen.queryByText('Streamed as it is written')).toBeNull();
    cleanup();

    renderAt('/about');
    expect(await screen.findByText(/built-in library of 108, written by hand for your level/)).toBeTruthy();
    expect(screen.queryByText(/a new branching story is written for you scene by scene/)).toBeNull();
    cleanup();

    renderAt('/faq');
    expect(await screen.findByText(/No AI storyteller is set up on this server, so stories come from its built-in library: 108/)).toBeTruthy();
    expect(screen.queryByText(/Stories are written by an AI storyteller/)).toBeNull();
  });
});
