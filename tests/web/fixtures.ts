import type { Subscription, User } from '../../src/shared/api';

/** A signed-in learner as /api/auth/me returns one; tests override what they are about. */
export function makeUser(overrides: Partial<Omit<User, 'subscription'>> & { subscription?: Partial<Subscription> } = {}): User {
  const { subscription, ...rest } = overrides;
  return {
    id: 'u1',
    name: 'Aoi',
    email: 'aoi@example.com',
    email_verified: true,
    created_at: '2026-11-01T00:00:00.000Z',
    last_login: null,
    ...rest,
    subscription: {
      tier: 'free',
      status: 'active',
      renewal_date: null,
      cancel_at_period_end: false,
      stories_generated: 0,
      stories_limit: 10,
      stories_remaining: 10,
      can_generate_story: true,
      ...subscription,
    },
  };
}
