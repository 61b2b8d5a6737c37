import { beforeAll, describe, expect, it } from 'vitest';
import type { LanguageServices } from '../../../src/server/language/services';
import { bandOf, loadLibrary, pickStory } from '../../../src/server/storyteller/library/catalogue';
import { createLibraryStoryteller } from '../../../src/server/storyteller/library/provider';
import { storyPaths } from '../../../src/server/storyteller/library/validate';
import type { SceneRequest } from '../../../src/server/storyteller/types';
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

  it('gives the first line of a scene at once and the others at its pace', async () => {
    const storyteller = createLibraryStoryteller({ lineDelayMs: 60, stories });
    const request: SceneRequest = {
      language: 'en', level: 'A2', theme: 'mystery', sceneNumber: 1, title: '', summary: '',
      characters: [], choicesMade: [], linesShown: [], avoidWords: [],
    };
    const started = performance.now();
    const lineTimes: number[] = [];
    for await (const piece of storyteller.tell(request, new AbortController().signal)) {
      if (piece.kind === 'line') lineTimes.push(performance.now() - started);
      if (lineTimes.length === 3) break;
    }
    expect(lineTimes[0]).toBeLessThan(30);
    expect(lineTimes[1]! - lineTimes[0]!).toBeGreaterThanOrEqual(55);
    expect(lineTimes[2]! - lineTimes[1]!).toBeGreaterThanOrEqual(55);
  });

  it('waits its pace before the first line of a continuation, which follows lines the reader already has', async () => {
    const storyteller = createLibraryStoryteller({ lineDelayMs: 60, stories });
    const request: SceneRequest = {
      language: 'en', level: 'A2', theme: 'mystery', sceneNumber: 1, title: '', summary: '',
      characters: [], choicesMade: [], linesShown: [{ speaker: 'narrator', text: 'already shown' }], avoidWords: [],
    };
    const started = performance.now();
    for await (const piece of storyteller.tell(request, new AbortController().signal)) {
      if (piece.kind === 'line') break;
    }
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });
});
