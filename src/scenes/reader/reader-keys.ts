export type ReaderCommand =
  | 'advance'
  | 'backlog'
  | 'settings'
  | 'save'
  | 'load'
  | 'close'
  | 'read-aloud'
  | 'auto'
  | 'hide'
  | 'fullscreen'
  | 'quick-save'
  | 'quick-load'
  | 'roll-back'
  | 'skip'
  | 'roll-forward'
  | 'help';

/**
 * SPEC §2 keys: Space/Enter advance, H backlog, S settings, Ctrl+S save, Ctrl+L load, Escape closes; and ours:
 * R reads the line aloud, A turns auto mode on and off, V hides the interface, F fullscreen, Q quick-saves and
 * Shift+Q quick-loads, PageUp and PageDown roll back and forward through the lines read, K skips the lines read,
 * ? shows the keys.
 */
export function commandForKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'> & { shiftKey?: boolean }): ReaderCommand | null {
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
  if (key === 'r') return 'read-aloud';
  if (key === 'a') return 'auto';
  if (key === 'k') return 'skip';
  if (key === 'v') return 'hide';
  if (key === 'f') return 'fullscreen';
  if (key === 'q') return event.shiftKey ? 'quick-load' : 'quick-save';
  if (key === '?') return 'help';
  if (key === 'escape') return 'close';
  if (key === 'pageup') return 'roll-back';
  if (key === 'pagedown') return 'roll-forward';
  return null;
}

/**
 * Whether a key belongs to the focused element rather than to the story: Space and Enter press a focused
 * button or link, and letters typed into a field are text. Elsewhere, H and S still open their panels.
 */
export function keyBelongsToTarget(command: ReaderCommand, target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('input, textarea, select, [contenteditable="true"]')) return true;
  return command === 'advance' && !!target.closest('button, a, [role="dialog"]');
}
