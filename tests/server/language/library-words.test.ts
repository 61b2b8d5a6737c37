import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe as describeAll, expect, it } from 'vitest';
import { vocabularyTargets } from '../../../src/scenes/analysis';
import type { LanguageServices } from '../../../src/server/language/services';
import { LIBRARY_DIR } from '../../../src/server/storyteller/library/catalogue';
import { libraryStorySchema } from '../../../src/server/storyteller/library/format';
import { languageServices } from './support';

// Pure language code: once is enough, not again on PostgreSQL.
const describe = describeAll.skipIf(process.env.TEST_DB === 'postgres');

let language: LanguageServices;
beforeAll(async () => {
  language = await languageServices();
  await language.warm();
}, 120_000);

describe('the library’s words', () => {
  it('has a dictionary answer for every word vocabulary mode highlights in every library story', () => {
    const empty = new Set<string>();
    let highlighted = 0;
    for (const file of readdirSync(LIBRARY_DIR).filter((f) => f.endsWith('.json'))) {
      const story = libraryStorySchema.parse(JSON.parse(readFileSync(path.join(LIBRARY_DIR, file), 'utf8')));
      // The band's easier level highlights the most words.
      const level = story.levels[0]!;
      for (const scene of Object.values(story.scenes)) {
        for (const text of [...scene.lines.map((l) => l.text), ...(scene.choices ?? []).map((c) => c.text)]) {
          const analysed = language.analyse(text, story.language);
          const words = language.vocabulary(analysed);
          for (const word of vocabularyTargets(analysed.text, words, level)) {
            highlighted++;
            const answer =
              story.language === 'ja'
                ? (language.dictionary().lookup(word.base_form, word.reading)?.glosses ?? []).filter(Boolean)
                : language.englishSenses(word.base_form, word.word_type as never, 1);
            if (answer.length === 0) empty.add(`${file}: ${word.surface} (${word.base_form})`);
          }
        }
      }
    }
    expect(highlighted).toBeGreaterThan(3000);
    expect([...empty]).toEqual([]);
  }, 120_000);
});
