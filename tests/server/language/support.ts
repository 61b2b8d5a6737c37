import { vocabularyTargets } from '../../../src/scenes/analysis';
import { sharedLanguageServices, type LanguageServices } from '../../../src/server/language/services';
import type { LibraryStory } from '../../../src/server/storyteller/library/format';
import { sceneTexts } from '../../../src/server/storyteller/library/stats';

/** The process-wide language services, loaded once per test file. */
export async function languageServices(): Promise<LanguageServices> {
  const services = sharedLanguageServices();
  await services.ready;
  return services;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
export const unescapeHtml = (html: string) => html.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);

/** What a reader sees with furigana replacing the kanji: every ruby base swapped for its reading. */
export function readAloud(html: string): string {
  return unescapeHtml(html.replace(/<ruby>[^<]*<rt>([^<]*)<\/rt><\/ruby>/g, '$1').replace(/<\/?span[^>]*>/g, ''));
}

/** The same for a fixture line written as {base|reading}. */
export const readAloudMarkup = (line: string) => line.replace(/\{[^|}]+\|([^}]+)\}/g, '$1');
export const stripMarkup = (line: string) => line.replace(/\{([^|}]+)\|[^}]+\}/g, '$1');

export const rubyBases = (html: string) => [...html.matchAll(/<ruby>([^<]*)<rt>/g)].map((m) => unescapeHtml(m[1] ?? ''));

/**
 * The words vocabulary mode highlights in a story (at the band's easier level, which highlights the most), and
 * those of them the dictionary has no answer for.
 */
export function vocabularyGaps(story: LibraryStory, language: LanguageServices): { highlighted: number; unexplained: string[] } {
  const unexplained = new Set<string>();
  let highlighted = 0;
  for (const text of Object.values(story.scenes).flatMap(sceneTexts)) {
    const analysed = language.analyse(text, story.language);
    for (const word of vocabularyTargets(analysed.text, language.vocabulary(analysed), story.levels[0]!)) {
      highlighted++;
      const answer =
        story.language === 'ja'
          ? (language.dictionary().lookup(word.base_form, word.reading)?.glosses ?? []).filter(Boolean)
          : language.englishSenses(word.base_form, word.word_type as never, 1);
      if (answer.length === 0) unexplained.add(`${word.surface} (${word.base_form})`);
    }
  }
  return { highlighted, unexplained: [...unexplained] };
}
