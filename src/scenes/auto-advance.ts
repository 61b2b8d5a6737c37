/**
 * Auto mode's pause after a line is fully shown, before the story moves on: in proportion to the line's
 * length, at the learner's pace (SPEC's autoAdvanceDelay, read as seconds for thirty characters), and never
 * under a second, so a one-word line can still be read.
 */
export const AUTO_DELAY_MIN_S = 1;
export const AUTO_DELAY_MAX_S = 10;
const REFERENCE_CHARACTERS = 30;
const FLOOR_MS = 1000;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function autoAdvanceDelayMs(text: string, secondsPer30: number): number {
  const characters = [...segmenter.segment(text.trim())].length;
  return Math.max(FLOOR_MS, Math.round((characters / REFERENCE_CHARACTERS) * secondsPer30 * 1000));
}
