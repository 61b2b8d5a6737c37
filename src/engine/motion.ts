/**
 * Timing of the stage's transitions (SPEC §9: animation transitions default to 0.45 s) and of its ambient
 * motion. Pure functions of elapsed time, so the layers stay stateless about clocks and the curves are testable.
 */

export const TRANSITION_MS = 450;

export const clamp01 = (t: number) => (t <= 0 ? 0 : t >= 1 ? 1 : t);

/** Decelerates into place: for things arriving. */
export const easeOutCubic = (t: number) => 1 - (1 - clamp01(t)) ** 3;

/** Smooth at both ends: for cross-fades, so neither picture pops. */
export const easeInOutSine = (t: number) => (1 - Math.cos(Math.PI * clamp01(t))) / 2;

/** A transition that has run for `elapsedMs`: its eased progress from 0 to 1. */
export class Transition {
  private elapsed = 0;

  constructor(
    private readonly durationMs: number = TRANSITION_MS,
    private readonly ease: (t: number) => number = easeInOutSine,
  ) {}

  advance(elapsedMs: number): void {
    if (elapsedMs > 0) this.elapsed += elapsedMs;
  }

  get linear(): number {
    return this.durationMs <= 0 ? 1 : clamp01(this.elapsed / this.durationMs);
  }

  get progress(): number {
    return this.ease(this.linear);
  }

  get done(): boolean {
    return this.linear >= 1;
  }

  finish(): void {
    this.elapsed = this.durationMs;
  }
}

/** The continue indicator's blink: opacity between 0.3 and 1 on a 1.1 s cycle, fully visible when it appears. */
export function blinkAlpha(elapsedMs: number, periodMs = 1100): number {
  return 0.65 + 0.35 * Math.cos((2 * Math.PI * Math.max(0, elapsedMs)) / periodMs);
}

/**
 * One dot of the loading placeholder's pulse: the dots swell in turn, `index` of `count` a third of a period
 * apart. Returns 0..1.
 */
export function pulse(elapsedMs: number, index: number, periodMs = 1200): number {
  const phase = (Math.max(0, elapsedMs) / periodMs - index / 3) % 1;
  const t = phase < 0 ? phase + 1 : phase;
  return (1 - Math.cos(2 * Math.PI * t)) / 2;
}
