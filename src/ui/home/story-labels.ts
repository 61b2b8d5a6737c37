import type { Language } from '../../shared/language';
import { THEMES } from '../../shared/stories';

export const LANGUAGE_NAMES: Record<Language, string> = { ja: 'Japanese', en: 'English' };

/**
 * A decorative kanji per theme, drawn in the app's Japanese font (no emoji font needed); themes the client
 * does not know get a plain star.
 */
export const THEME_GLYPHS: Record<string, string> = {
  romance: '恋',
  mystery: '謎',
  adventure: '旅',
  slice_of_life: '日',
  school_life: '学',
  workplace: '職',
};

export function themeGlyph(id: string): string {
  return THEME_GLYPHS[id] ?? '✦';
}

/** The theme's display name, or the id made readable when the client does not know it. */
export function themeName(id: string): string {
  const known = THEMES.find((theme) => theme.id === id);
  if (known) return known.name;
  const words = id.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
