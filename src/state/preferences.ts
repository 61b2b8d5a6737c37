import { proxy } from 'valtio';
import { z } from 'zod';
import { AUTO_DELAY_MAX_S, AUTO_DELAY_MIN_S } from '../scenes/auto-advance';
import { persistStore, readStored } from './persist';

export const PREFERENCES_STORAGE_KEY = 'kotoba.reader';

/** SPEC §9: text speed 10 to 100 characters per second. */
export const TEXT_SPEED_MIN = 10;
export const TEXT_SPEED_MAX = 100;

/** SPEC §3 reader preferences and their defaults. */
/** Furigana over every word, over words above the story's level, or over words the learner does not know yet. */
export const FURIGANA_RULES = ['all', 'above-level', 'unknown'] as const;
export type FuriganaRule = (typeof FURIGANA_RULES)[number];

export const DEFAULT_PREFERENCES = {
  textSpeed: 30,
  autoAdvance: false,
  autoAdvanceDelay: 3,
  showFurigana: true,
  /** Which words take furigana while it is on (the toolbar's ふ switches between this rule and none). */
  furiganaRule: 'all' as FuriganaRule,
  /** At a scene's end, the words seen there and never looked up become known (with Undo). */
  autoKnown: true,
  /** Read each new line aloud as it appears. */
  readAloudAuto: false,
  /** Speech rate, 0.5 (slow) to 1.5; 1 is the voice's normal pace. */
  readAloudRate: 1,
  /** The chosen voice per story language (a voiceURI; '' for the browser's best). */
  readAloudVoices: { ja: '', en: '' },
};
export type ReaderPreferences = typeof DEFAULT_PREFERENCES;

export const READ_ALOUD_RATE_MIN = 0.5;
export const READ_ALOUD_RATE_MAX = 1.5;

const storedPreferences = z.object({
  textSpeed: z.number().int().min(TEXT_SPEED_MIN).max(TEXT_SPEED_MAX).catch(DEFAULT_PREFERENCES.textSpeed),
  autoAdvance: z.boolean().catch(DEFAULT_PREFERENCES.autoAdvance),
  autoAdvanceDelay: z.number().min(AUTO_DELAY_MIN_S).max(AUTO_DELAY_MAX_S).catch(DEFAULT_PREFERENCES.autoAdvanceDelay),
  showFurigana: z.boolean().catch(DEFAULT_PREFERENCES.showFurigana),
  furiganaRule: z.enum(FURIGANA_RULES).catch(DEFAULT_PREFERENCES.furiganaRule),
  autoKnown: z.boolean().catch(DEFAULT_PREFERENCES.autoKnown),
  readAloudAuto: z.boolean().catch(DEFAULT_PREFERENCES.readAloudAuto),
  readAloudRate: z.number().min(0.5).max(1.5).catch(DEFAULT_PREFERENCES.readAloudRate),
  readAloudVoices: z
    .object({ ja: z.string().max(500).catch(''), en: z.string().max(500).catch('') })
    .catch({ ...DEFAULT_PREFERENCES.readAloudVoices }),
});

function load(): ReaderPreferences {
  const parsed = storedPreferences.safeParse(readStored(PREFERENCES_STORAGE_KEY));
  return parsed.success ? parsed.data : { ...DEFAULT_PREFERENCES };
}

/** The reader's preferences, kept in this browser. */
export const preferences = proxy<ReaderPreferences>(load());
persistStore(preferences, PREFERENCES_STORAGE_KEY, (p) => ({ ...p }));

export function setTextSpeed(cps: number): void {
  preferences.textSpeed = Math.round(Math.min(TEXT_SPEED_MAX, Math.max(TEXT_SPEED_MIN, cps)));
}

export function setShowFurigana(show: boolean): void {
  preferences.showFurigana = show;
}

/** The furigana setting: a rule, or none (furigana off). */
export function setFurigana(choice: FuriganaRule | 'none'): void {
  preferences.showFurigana = choice !== 'none';
  if (choice !== 'none') preferences.furiganaRule = choice;
}

export function setAutoKnown(on: boolean): void {
  preferences.autoKnown = on;
}

/** Auto mode: the story moves on by itself once a line is shown (and read aloud, when that is on). */
export function setAutoAdvance(on: boolean): void {
  preferences.autoAdvance = on;
}

/** Auto mode's pace, seconds for a line of thirty characters. */
export function setAutoAdvanceDelay(seconds: number): void {
  preferences.autoAdvanceDelay = Math.round(Math.min(AUTO_DELAY_MAX_S, Math.max(AUTO_DELAY_MIN_S, seconds)) * 2) / 2;
}

export function setReadAloudAuto(on: boolean): void {
  preferences.readAloudAuto = on;
}

export function setReadAloudRate(rate: number): void {
  preferences.readAloudRate = Math.round(Math.min(READ_ALOUD_RATE_MAX, Math.max(READ_ALOUD_RATE_MIN, rate)) * 10) / 10;
}

export function setReadAloudVoice(language: 'ja' | 'en', voiceURI: string): void {
  preferences.readAloudVoices[language] = voiceURI;
}

/** Reset to Defaults: 30 cps and furigana on (the other preferences too). */
export function resetPreferences(): void {
  Object.assign(preferences, { ...DEFAULT_PREFERENCES, readAloudVoices: { ...DEFAULT_PREFERENCES.readAloudVoices } });
}

/** Reads what another tab or a reload stored (tests and the storage event). */
export function reloadPreferences(): void {
  Object.assign(preferences, load());
}
