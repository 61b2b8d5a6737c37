import { describe, expect, it } from 'vitest';
import { creationErrorMessage, toCreationFailure } from '../../src/ui/home/creation-errors';

describe('creationErrorMessage (SPEC §8 Stories)', () => {
  it('is silent on the quota limit: the usage meter and upgrade flow say it', () => {
    expect(creationErrorMessage({ code: 'SUBSCRIPTION_LIMIT_REACHED', message: 'Monthly story limit reached' })).toBeNull();
  });

  it('shows no line when verification is required: the verification modal explains instead', () => {
    expect(creationErrorMessage({ code: 'EMAIL_VERIFICATION_REQUIRED', message: 'Please verify your email' })).toBeNull();
  });

  it.each([
    ['Story creation timeout', 'Story creation is taking longer than expected. Please try again.'],
    ['The request timed out', 'Story creation is taking longer than expected. Please try again.'],
    ['WebSocket connection failed', 'Connection error. Please check your internet and try again.'],
    ['Story creation is already in progress', 'Story creation is already in progress. Please wait.'],
    ['Authentication failed for this socket', 'Authentication error. Please refresh the page and try again.'],
    ['AUTHENTICATION REQUIRED', 'Authentication error. Please refresh the page and try again.'],
    ['The model returned nonsense', 'Failed to create story. Please try again.'],
    ['', 'Failed to create story. Please try again.'],
  ])('maps %j to the catalogue line', (message, expected) => {
    expect(creationErrorMessage({ message })).toBe(expected);
  });

  it('maps by message when the code is one it does not handle', () => {
    expect(creationErrorMessage({ code: 'GENERATION_FAILED', message: 'websocket closed' })).toBe(
      'Connection error. Please check your internet and try again.',
    );
  });

  it('checks the catalogue in order: timeout before WebSocket', () => {
    expect(creationErrorMessage({ message: 'WebSocket timeout' })).toBe(
      'Story creation is taking longer than expected. Please try again.',
    );
  });
});

describe('toCreationFailure', () => {
  it('reads the code and message of an error', () => {
    const error = Object.assign(new Error('Monthly story limit reached'), { code: 'SUBSCRIPTION_LIMIT_REACHED' });
    expect(toCreationFailure(error)).toEqual({ code: 'SUBSCRIPTION_LIMIT_REACHED', message: 'Monthly story limit reached' });
  });

  it('ignores a code that is not a string and copes with non-errors', () => {
    expect(toCreationFailure(Object.assign(new Error('x'), { code: 42 }))).toEqual({ code: undefined, message: 'x' });
    expect(toCreationFailure('socket closed')).toEqual({ message: 'socket closed' });
    expect(toCreationFailure(undefined)).toEqual({ message: '' });
  });
});
