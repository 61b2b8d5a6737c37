import { describe, expect, it } from 'vitest';
import { reviewAction } from '../../src/ui/review/review-keys';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('the review page’s keys', () => {
  it('shows the answer with Space or Enter, and grades nothing before it is shown', () => {
    expect(reviewAction(key(' '), false)).toEqual({ kind: 'reveal' });
    expect(reviewAction(key('Enter'), false)).toEqual({ kind: 'reveal' });
    for (const k of ['1', '2', '3', '4', 'r']) expect(reviewAction(key(k), false)).toBeNull();
  });

  it('grades 1–4 as Again, Hard, Good, Easy once shown; Space and Enter are Good', () => {
    expect(['1', '2', '3', '4', ' ', 'Enter'].map((k) => reviewAction(key(k), true))).toEqual([
      { kind: 'grade', grade: 'again' },
      { kind: 'grade', grade: 'hard' },
      { kind: 'grade', grade: 'good' },
      { kind: 'grade', grade: 'easy' },
      { kind: 'grade', grade: 'good' },
      { kind: 'grade', grade: 'good' },
    ]);
    expect(reviewAction(key('5'), true)).toBeNull();
    expect(reviewAction(key('R'), true)).toEqual({ kind: 'speak' });
  });

  it('undoes with Z or Ctrl/⌘+Z at any time, and leaves other shortcuts to the browser', () => {
    expect(reviewAction(key('z'), false)).toEqual({ kind: 'undo' });
    expect(reviewAction(key('Z', { ctrlKey: true }), true)).toEqual({ kind: 'undo' });
    expect(reviewAction(key('z', { metaKey: true }), true)).toEqual({ kind: 'undo' });
    expect(reviewAction(key('1', { ctrlKey: true }), true)).toBeNull();
    expect(reviewAction(key('3', { altKey: true }), true)).toBeNull();
  });
});
