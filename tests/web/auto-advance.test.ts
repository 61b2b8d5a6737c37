import { describe, expect, it } from 'vitest';
import { autoAdvanceDelayMs } from '../../src/scenes/auto-advance';
import { DEFAULT_PREFERENCES, preferences, resetPreferences, setAutoAdvance, setAutoAdvanceDelay } from '../../src/state/preferences';

describe('auto mode', () => {
  it('waits in proportion to the line, at the learner’s pace, and never under a second', () => {
    expect(autoAdvanceDelayMs('a'.repeat(30), 3)).toBe(3000);
    expect(autoAdvanceDelayMs('a'.repeat(60), 3)).toBe(6000);
    expect(autoAdvanceDelayMs('a'.repeat(60), 1.5)).toBe(3000);
    expect(autoAdvanceDelayMs('はい。', 3)).toBe(1000);
    // Characters as a reader counts them: an emoji or a kana with a mark is one.
    expect(autoAdvanceDelayMs('👍'.repeat(30), 3)).toBe(autoAdvanceDelayMs('あ'.repeat(30), 3));
  });

  it('is off by default (SPEC: autoAdvance false, delay 3), and its pace stays within 1–10 s in half seconds', () => {
    resetPreferences();
    expect([preferences.autoAdvance, preferences.autoAdvanceDelay]).toEqual([DEFAULT_PREFERENCES.autoAdvance, 3]);
    setAutoAdvance(true);
    setAutoAdvanceDelay(0.2);
    expect(preferences.autoAdvanceDelay).toBe(1);
    setAutoAdvanceDelay(4.26);
    expect(preferences.autoAdvanceDelay).toBe(4.5);
    setAutoAdvanceDelay(99);
    expect(preferences.autoAdvanceDelay).toBe(10);
    expect(preferences.autoAdvance).toBe(true);
    resetPreferences();
  });
});
