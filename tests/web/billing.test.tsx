import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPricing } from '../../src/shared/pricing';
import { pricingStore } from '../../src/state/pricing';
import { closeUpgrade, openUpgrade, upgrade } from '../../src/state/upgrade';
import { LimitBanner, showsLimitBanner } from '../../src/ui/billing/LimitBanner';
import { SubscriptionCard } from '../../src/ui/billing/SubscriptionCard';
import { checkoutNavigation, UpgradeModal } from '../../src/ui/billing/UpgradeModal';
import { makeUser } from './fixtures';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
let routes: Record<string, () => Response | Promise<Response>>;

beforeEach(() => {
  routes = { '/api/payment/pricing': () => json(200, { ...buildPricing(5, 900), billing: 'test' }) };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => routes[url]?.() ?? json(404, { detail: 'Not found' })),
  );
  pricingStore.status = 'idle';
  sessionStorage.clear();
});
afterEach(() => {
  closeUpgrade();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const free = (remaining: number) =>
  makeUser({ subscription: { tier: 'free', stories_limit: 5, stories_generated: 5 - remaining, stories_remaining: remaining } }).subscription;

describe('the upgrade modal (SPEC §4)', () => {
  it('opens on its flag with the server pricing and the no-commitment line, and Maybe Later closes it', async () => {
    render(<UpgradeModal />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(openUpgrade);
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    await within(dialog).findByText('$9.00');
    expect(dialog.textContent).toContain('Free includes 5 stories a month');
    expect(dialog.textContent).toContain('Cancel anytime. No long-term commitments.');
    expect(dialog.textContent).toContain('TEST MODE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Maybe Later' }));
    expect(upgrade.open).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('goes idle → processing → redirect and sends the whole page to the checkout URL', async () => {
    let answer: (response: Response) => void = () => undefined;
    routes['/api/payment/checkout'] = () => new Promise((resolve) => (answer = resolve));
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    render(<UpgradeModal />);
    act(openUpgrade);
    const button = await screen.findByRole('button', { name: 'Upgrade' });
    await userEvent.click(button);
    expect(button.textContent).toBe('Starting checkout…');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(button);
    expect(vi.mocked(fetch).mock.calls.filter(([url]) => url === '/api/payment/checkout')).toHaveLength(1);

    await act(async () => answer(json(200, { checkout_url: 'http://localhost/test-billing/checkout/cs_test_x' })));
    await waitFor(() => expect(button.textContent).toBe('Redirecting to checkout…'));
    expect(assign).toHaveBeenCalledWith('http://localhost/test-billing/checkout/cs_test_x');
    expect(JSON.parse(String(vi.mocked(fetch).mock.calls.find(([url]) => url === '/api/payment/checkout')![1]!.body))).toEqual({ tier: 'pro' });
  });

  it('says so in the catalogue words when the checkout cannot start, and can try again', async () => {
    routes['/api/payment/checkout'] = () => json(500, { detail: 'Internal server error' });
    render(<UpgradeModal />);
    act(openUpgrade);
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to start upgrade process. Please try again.');
    expect(screen.getByRole('button', { name: 'Upgrade' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('shows the pricing failure and offers no upgrade where the server takes no payments', async () => {
    routes['/api/payment/pricing'] = () => json(200, { ...buildPricing(5, 900), billing: 'off' });
    render(<UpgradeModal />);
    act(openUpgrade);
    await screen.findByText('Upgrades are not available on this server.');
    expect(screen.queryByRole('button', { name: 'Upgrade' })).toBeNull();
  });
});

describe('the limit banner', () => {
  it('shows for free learners with exactly one story left', () => {
    expect(showsLimitBanner(free(1))).toBe(true);
    expect(showsLimitBanner(free(2))).toBe(false);
    expect(showsLimitBanner(free(0))).toBe(false);
    expect(showsLimitBanner(makeUser({ subscription: { tier: 'pro', stories_remaining: -1 } }).subscription)).toBe(false);
  });

  it('opens the upgrade modal, and once dismissed stays away for the session', async () => {
    const { unmount } = render(<LimitBanner subscription={free(1)} />);
    const banner = screen.getByRole('complementary', { name: 'Almost at your limit' });
    expect(banner.textContent).toContain('you have 1 story left this month');
    await userEvent.click(within(banner).getByRole('button', { name: 'Upgrade' }));
    expect(upgrade.open).toBe(true);
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    unmount();
    render(<LimitBanner subscription={free(1)} />);
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});

describe('the subscription card (SPEC §2)', () => {
  it('offers Upgrade to a free learner', async () => {
    render(<SubscriptionCard subscription={free(3)} />);
    await screen.findByText(/Pro is \$9\.00\/month/);
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(upgrade.open).toBe(true);
  });

  it('opens Manage Billing in a new tab at the portal URL', async () => {
    routes['/api/payment/customer-portal'] = () => json(200, { portal_url: 'http://localhost/test-billing/portal/bps_test_x' });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const renews = new Date(Date.UTC(2026, 11, 21)).toISOString();
    render(<SubscriptionCard subscription={makeUser({ subscription: { tier: 'pro', renewal_date: renews, stories_remaining: -1 } }).subscription} />);
    expect(screen.getByText(/^Renews on /)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Manage Billing' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('http://localhost/test-billing/portal/bps_test_x'));
    expect(tab.opener).toBeNull();
  });

  it('closes the blank tab and says so when the portal cannot open', async () => {
    routes['/api/payment/customer-portal'] = () => json(404, { detail: 'There is no billing account for you yet. Upgrade to Pro first.' });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    render(<SubscriptionCard subscription={makeUser({ subscription: { tier: 'pro', stories_remaining: -1 } }).subscription} />);
    await userEvent.click(screen.getByRole('button', { name: 'Manage Billing' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to open billing management. Please try again.');
    expect(tab.close).toHaveBeenCalled();
  });

  it('tells a cancelled subscriber when Pro ends, and a past-due one to update the card', () => {
    const ends = new Date(Date.UTC(2026, 11, 21)).toISOString();
    const { rerender } = render(
      <SubscriptionCard subscription={makeUser({ subscription: { tier: 'pro', renewal_date: ends, cancel_at_period_end: true } }).subscription} />,
    );
    expect(screen.getByText(/Your Pro plan is cancelled and ends on/).textContent).toContain('You keep Pro until then');
    rerender(<SubscriptionCard subscription={makeUser({ subscription: { tier: 'pro', renewal_date: ends, status: 'past_due' } }).subscription} />);
    expect(screen.getByRole('alert').textContent).toBe('Your last payment failed. Update your card in Manage Billing to keep Pro.');
  });
});
