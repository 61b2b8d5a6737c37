import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '../../src/shared/api';
import { UserMenu } from '../../src/ui/UserMenu';
import { makeUser } from './fixtures';

const user = (tier: 'free' | 'pro') =>
  makeUser({
    name: 'haruka',
    subscription:
      tier === 'free'
        ? { stories_generated: 4, stories_remaining: 6 }
        : { tier: 'pro', stories_generated: 4, stories_limit: 0, stories_remaining: -1 },
  });

function renderMenu(u: User) {
  const rootRoute = createRootRoute({ component: () => <UserMenu user={u} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return render(<RouterProvider router={router} />);
}

describe('UserMenu', () => {
  it('shows the initial, the name and the usage of a free user', async () => {
    renderMenu(user('free'));
    const button = await screen.findByRole('button', { name: /haruka/ });
    expect(button.textContent).toContain('H');
    expect(button.textContent).toContain('4/10');
  });

  it('shows Pro Member for a pro user', async () => {
    renderMenu(user('pro'));
    expect(await screen.findByText('Pro Member')).toBeTruthy();
  });

  it('opens with the keyboard, moves with arrows and closes with Escape', async () => {
    renderMenu(user('free'));
    const button = await screen.findByRole('button', { name: /haruka/ });
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Account Settings', 'My Stories', 'Review', 'Progress', 'Sign Out']);
    expect(document.activeElement).toBe(items[0]);
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items[4]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
