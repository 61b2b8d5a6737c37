import { describe, expect, it } from 'vitest';
import { blinkAlpha, easeInOutSine, easeOutCubic, pulse, Transition, TRANSITION_MS } from '../../src/engine/motion';

describe('stage motion', () => {
  it('lasts 0.45 s by default (SPEC §9)', () => {
    expect(TRANSITION_MS).toBe(450);
    const t = new Transition();
    t.advance(225);
    expect(t.linear).toBeCloseTo(0.5);
    expect(t.progress).toBeCloseTo(0.5);
    expect(t.done).toBe(false);
    t.advance(300);
    expect([t.linear, t.progress, t.done]).toEqual([1, 1, true]);
  });

  it('eases from 0 to 1 and clamps outside', () => {
    for (const ease of [easeInOutSine, easeOutCubic]) {
      expect(ease(0)).toBe(0);
      expect(ease(1)).toBe(1);
      expect(ease(-1)).toBe(0);
      expect(ease(2)).toBe(1);
    }
    expect(easeOutCubic(0.5)).toBeGreaterThan(0.5); // arrives fast, settles slowly
  });

  it('finishes a transition on demand and treats zero length as done', () => {
    const t = new Transition(450);
    t.finish();
    expect(t.done).toBe(true);
    expect(new Transition(0).progress).toBe(1);
  });

  it('blinks between 0.3 and 1, fully visible when it starts', () => {
    expect(blinkAlpha(0)).toBe(1);
    expect(blinkAlpha(550)).toBeCloseTo(0.3);
    expect(blinkAlpha(1100)).toBeCloseTo(1);
  });

  it('pulses the loading dots in turn', () => {
    expect(pulse(0, 0)).toBeCloseTo(0);
    expect(pulse(600, 0)).toBeCloseTo(1);
    // The second dot peaks a third of a period later.
    expect(pulse(1000, 1)).toBeCloseTo(1);
    for (const t of [0, 123, 777, 5000]) for (const i of [0, 1, 2]) expect(pulse(t, i)).toBeGreaterThanOrEqual(0);
  });
});
