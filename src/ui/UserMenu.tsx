import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { User } from '../shared/api';
import { logout } from '../state/auth';

/** The top bar's account dropdown: a menu button usable with mouse, touch and keyboard. */
export function UserMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(items.length - 1);
    else if (event.key === 'Tab') setOpen(false);
    else return;
    event.preventDefault();
  };

  const go = (to: '/account' | '/home' | '/review' | '/progress') => {
    setOpen(false);
    void navigate({ to });
  };

  const { subscription } = user;
  const usage = subscription.tier === 'pro' ? 'Pro Member' : `${subscription.stories_generated}/${subscription.stories_limit}`;
  return (
    <div className="user-menu">
      <button
        ref={buttonRef}
        type="button"
        className="user-button"
        // The name holds the visible text (name and usage), so speech input can say what it sees (WCAG 2.5.3).
        aria-label={`Account menu for ${user.name} ${usage}${subscription.tier === 'pro' ? '' : ' stories this month'}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className="avatar" aria-hidden="true">
          {user.name.trim().charAt(0).toUpperCase() || '?'}
        </span>
        <span className="user-name">{user.name}</span>{' '}
        {subscription.tier === 'pro' ? (
          <span className="usage-pill pro">{usage}</span>
        ) : (
          <span className="usage-pill" title="Stories generated this month / monthly limit">
            {usage}
          </span>
        )}
        <span className="chevron" aria-hidden="true">▾</span>
      </button>
      {open && (
        <div ref={menuRef} id={menuId} role="menu" className="menu" aria-label="Account" onKeyDown={onMenuKeyDown}>
          <button type="button" role="menuitem" onClick={() => go('/account')}>
            Account Settings
          </button>
          <button type="button" role="menuitem" onClick={() => go('/home')}>
            My Stories
          </button>
          <button type="button" role="menuitem" onClick={() => go('/review')}>
            Review
          </button>
          <button type="button" role="menuitem" onClick={() => go('/progress')}>
            Progress
          </button>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              // Leave the protected page first, so its guard does not send us to /login on the way out.
              void navigate({ to: '/' }).then(logout);
            }}
          >
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
}
