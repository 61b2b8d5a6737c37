import { beforeAll, describe, expect, it } from 'vitest';
import type { LanguageServices } from '../../../src/server/language/services';
import { bandOf, loadLibrary, pickStory } from '../../../src/server/storyteller/library/catalogue';
import { storyPaths } from '../../../src/server/storyteller/library/validate';
import { languageServices } from '../language/support';

let language: LanguageServices;
beforeAll(async () => {
  language = await languageServices();
});

describe.skipIf(process.env.TEST_DB === 'postgres')('the story library', () => {
  const stories = loadLibrary();

  it('holds a complete story per language, valid and well shaped (the loader checks every file)', () => {
    for (const lang of ['ja', 'en'] as const) {
      const story = stories.find((s) => s.language === lang);
      expect(story, lang).toBeDefined();
      const paths = storyPaths(story!);
      expect(Math.min(...paths.map((p) => p.length))).toBeGreaterThanOrEqual(6);
      expect(new Set(paths.map((p) => p[p.length - 1])).size).toBeGreaterThanOrEqual(2);
      for (const scene of Object.values(story!.scenes)) if (!scene.ending) expect(scene.choices!.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('is written at its band: at least 95% of content words of every scene at or below its upper level', () => {
    for (const story of stories) {
      const target = story.levels[story.levels.length - 1]!;
      for (const [id, scene] of Object.entries(story.scenes)) {
        const text = scene.lines.map((l) => l.text).join('\n');
        const profile = language.profile(language.analyse(text, story.language), target);
        expect(profile.share_at_or_below, `${story.id} ${id}: ${profile.new_words.map((w) => w.base_form).join(' ')}`).toBeGreaterThanOrEqual(0.95);
      }
    }
  });

  it('never picks a story of another band', () => {
    expect(pickStory(stories, 'ja', 'N5', 'romance')?.levels).toContain('N4');
    expect(pickStory(stories, 'ja', 'N1', 'slice_of_life')).toBeUndefined();
    expect(pickStory(stories, 'en', 'C2', 'mystery')).toBeUndefined();
    expect(bandOf('en', 'B1')).toEqual(['B1', 'B2']);
  });
});
