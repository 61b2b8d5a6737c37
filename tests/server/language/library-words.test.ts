import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe as describeAll, expect, it } from 'vitest';
import type { LanguageServices } from '../../../src/server/language/services';
import { LIBRARY_DIR } from '../../../src/server/storyteller/library/catalogue';
import { libraryStorySchema } from '../../../src/server/storyteller/library/format';
import { languageServices, vocabularyGaps } from './support';

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
      const gaps = vocabularyGaps(story, language);
      highlighted += gaps.highlighted;
      for (const word of gaps.unexplained) empty.add(`${file}: ${word}`);
    }
    expect(highlighted).toBeGreaterThan(3000);
    expect([...empty]).toEqual([]);
  }, 120_000);
});
