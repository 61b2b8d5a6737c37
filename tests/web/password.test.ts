import { describe, expect, it } from 'vitest';
import { registerBody } from '../../src/shared/api';
import { passwordProblem } from '../../src/shared/password';
import { FALLBACK_PRICING, formatPrice } from '../../src/shared/pricing';

describe('passwordProblem', () => {
  it('reports the first broken rule in the catalogue words', () => {
    expect(passwordProblem('Ab1')).toBe('Password must be at least 8 characters');
    expect(passwordProblem('Ab1', 'reset')).toBe('Password must be at least 8 characters long');
    expect(passwordProblem('abcdefg1')).toBe('Password must contain at least one uppercase letter');
    expect(passwordProblem('ABCDEFG1')).toBe('Password must contain at least one lowercase letter');
    expect(passwordProblem('Abcdefgh')).toBe('Password must contain at least one number');
    expect(passwordProblem('Abcdefg1')).toBeNull();
  });

  it('normalises the e-mail of a registration', () => {
    const parsed = registerBody.parse({ name: ' Aoi ', email: ' Aoi@Example.COM ', password: 'Abcdefg1' });
    expect(parsed).toEqual({ name: 'Aoi', email: 'aoi@example.com', password: 'Abcdefg1' });
  });
});

describe('pricing fallback', () => {
  it('equals the server defaults, with prices in cents', () => {
    expect(FALLBACK_PRICING.free.stories_per_month).toBe(10);
    expect(FALLBACK_PRICING.pro.price).toBe(700);
    expect(FALLBACK_PRICING.pro.stories_per_month).toBe(-1);
    expect(formatPrice(FALLBACK_PRICING.pro.price)).toBe('$7.00');
  });
});
