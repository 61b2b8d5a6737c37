export type ReaderCommand = 'advance' | 'backlog' | 'settings' | 'save' | 'load' | 'close';

/** SPEC §2 keys: Space/Enter advance, H backlog, S settings, Ctrl+S save, Ctrl+L load, Escape closes. */
export function commandForKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): ReaderCommand | null {
  const key = event.key.toLowerCase();
  if (event.ctrlKey || event.metaKey) {
    if (key === 's') return 'save';
    if (key === 'l') return 'load';
    return null;
  }
  if (event.altKey) return null;
  if (key === ' ' || key === 'enter') return 'advance';
  if (key === 'h') return 'backlog';
  if (key === 's') return 'settings';
  if (key === 'escape') return 'close';
  return null;
}

/** Keys typed into a control belong to it (a slider, a button pressed with Space), not to the story. */
export function isControlTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return !!target.closest('input, textarea, select, button, a, [role="dialog"]');
}
