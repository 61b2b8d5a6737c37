import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/net/api';
import { resendFailureMessage, VerificationModal } from '../../src/ui/VerificationModal';
import { ApiError } from '../../src/net/http';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A page with a trigger button, so focus return can be observed. */
function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Start Reading
      </button>
      <VerificationModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** Lets the faked fetch answer and React render, with fake timers installed. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('VerificationModal: dialog behaviour', () => {
  it('renders nothing while closed', () => {
    render(<VerificationModal open={false} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a labelled modal dialog that takes focus and explains why', () => {
    render(<VerificationModal open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Verify your email to create stories' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('You need to verify your email address before you can create stories.');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Resend verification email' }));
  });

  it('closes with Escape and returns focus to the trigger', async () => {
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: 'Start Reading' });
    await userEvent.click(trigger);
    expect(screen.getByRole('dialog')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes with the close button', async () => {
    const onClose = vi.fn();
    render(<VerificationModal open onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab inside the dialog', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Start Reading' }));
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 5; i += 1) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });
});

describe('VerificationModal: resend (SPEC §4, §8)', () => {
  it('goes sending → success, then back to idle after 5 s', async () => {
    vi.useFakeTimers();
    let answer!: (response: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    render(<VerificationModal open onClose={() => {}} />);

    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    const button = screen.getByRole('button', { name: 'Sending...' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toEqual(['/api/auth/resend-verification', expect.objectContaining({ method: 'POST' })]);

    answer(json(200, { message: 'Verification email sent' }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Verification email sent successfully!');
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(screen.getByRole('status').textContent).toBe('Verification email sent successfully!');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows the server detail on a refusal, and clears it after 5 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(429, { detail: 'Too many requests. Please wait a minute.' })));
    render(<VerificationModal open onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Too many requests. Please wait a minute.');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('falls back to "Failed to resend verification email" when the refusal has no detail', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('oops', { status: 500 })));
    render(<VerificationModal open onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Failed to resend verification email');
  });

  it('shows the generic line when the request throws (network down)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    render(<VerificationModal open onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe('An error occurred. Please try again later.');
  });

  it('shows the generic line for an exception that is not an ApiError', async () => {
    vi.spyOn(api, 'resendVerification').mockRejectedValue(new Error('boom'));
    render(<VerificationModal open onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect((await screen.findByRole('status')).textContent).toBe('An error occurred. Please try again later.');
  });

  it('resendFailureMessage covers every branch', () => {
    expect(resendFailureMessage(new ApiError('Email is already verified', 400))).toBe('Email is already verified');
    expect(resendFailureMessage(new ApiError('HTTP 502', 502))).toBe('Failed to resend verification email');
    expect(resendFailureMessage(new ApiError('Request timed out. Please check your connection and try again.', 0))).toBe(
      'An error occurred. Please try again later.',
    );
    expect(resendFailureMessage('weird')).toBe('An error occurred. Please try again later.');
  });
});
