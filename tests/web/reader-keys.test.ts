import { describe, expect, it } from 'vitest';
import { commandForKey, keyBelongsToTarget } from '../../src/scenes/reader/reader-keys';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) =>
  commandForKey({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('reader keys', () => {
  it('maps the keys of SPEC §2', () => {
    expect([key(' '), key('Enter'), key('h'), key('S'), key('Escape'), key('s', { ctrlKey: true }), key('l', { metaKey: true }), key('x')]).toEqual([
      'advance', 'advance', 'backlog', 'settings', 'close', 'save', 'load', null,
    ]);
  });

  it('adds our own: R reads aloud, A auto mode, V hide, F fullscreen, Q and Shift+Q quick save and load, ? the keys (not with Ctrl or Alt)', () => {
    expect([key('r'), key('A'), key('?'), key('a', { ctrlKey: true }), key('a', { altKey: true })]).toEqual(['read-aloud', 'auto', 'help', null, null]);
    expect([key('v'), key('f'), key('q'), key('Q', { shiftKey: true }), key('k'), key('PageUp'), key('PageDown')]).toEqual([
      'hide', 'fullscreen', 'quick-save', 'quick-load', 'skip', 'roll-back', 'roll-forward',
    ]);
  });

  it('leaves Space to a focused choice, but opens the backlog from it; text fields keep every letter', () => {
    const choice = document.createElement('button');
    const slider = document.createElement('input');
    expect(keyBelongsToTarget('advance', choice)).toBe(true);
    expect(keyBelongsToTarget('backlog', choice)).toBe(false);
    expect(keyBelongsToTarget('backlog', slider)).toBe(true);
    expect(keyBelongsToTarget('advance', document.body)).toBe(false);
  });
});
