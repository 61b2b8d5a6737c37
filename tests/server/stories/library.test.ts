import { beforeAll, describe, expect, it } from 'vitest';
import type { LanguageServices } from '../../../src/server/language/services';
import { BANDS, bandOf, loadLibrary } from '../../../src/server/storyteller/library/catalogue';
import { pickStory } from '../../../src/server/storyteller/library/picker';
import { createLibraryStoryteller } from '../../../src/server/storyteller/library/provider';
import { LEVEL_COVERAGE_MIN, storyStats } from '../../../src/server/storyteller/library/stats';
import { duplicateKeys, storyPaths } from '../../../src/server/storyteller/library/validate';
import type { SceneRequest } from '../../../src/server/storyteller/types';
import { THEMES } from '../../../src/shared/stories';
import { languageServices } from '../language/support';

let language: LanguageServices;
beforeAll(async () => {
  language = await languageServices();
});

describe.skipIf(process.env.TEST_DB === 'postgres')('the story library', () => {
  const stories = loadLibrary();

  it('holds at least three stories for every theme the server lists, in both languages and every level band', () => {
    expect(new Set(stories.map((s) => s.id)).size).toBe(stories.length);
    expect(stories.length).toBeGreaterThanOrEqual(108);
    for (const language of ['ja', 'en'] as const) {
      for (const band of BANDS[language]) {
        for (const theme of THEMES.map((t) => t.id)) {
          const matching = stories.filter((s) => s.language === language && s.theme === theme && s.levels.join() === band.join());
          expect(matching.length, `${language} ${band.join('–')} ${theme}`).toBeGreaterThanOrEqual(3);
        }
      }
    }
  });

  it('gives every story at least 6 scenes on every path, 2–3 choices at every other scene and at least 2 endings', () => {
    for (const story of stories) {
      const paths = storyPaths(story);
      expect(Math.min(...paths.map((p) => p.length)), story.id).toBeGreaterThanOrEqual(6);
      expect(new Set(paths.map((p) => p[p.length - 1])).size, story.id).toBeGreaterThanOrEqual(2);
      for (const scene of Object.values(story.scenes)) {
        if (scene.ending) continue;
        expect(scene.choices!.length, story.id).toBeGreaterThanOrEqual(2);
        expect(scene.choices!.length, story.id).toBeLessThanOrEqual(3);
        // A choice that leads where another leads would not matter; at least the scene's choices differ in words.
        expect(new Set(scene.choices!.map((c) => c.text)).size, story.id).toBe(scene.choices!.length);
      }
    }
  });

  it('is written at its band: in every scene at least 95% of content words at or below its upper level, the rest glossed, in places the art renderer draws', { timeout: 180_000 }, () => {
    for (const story of stories) {
      const stats = storyStats(story, language);
      expect(stats.failures, story.id).toEqual([]);
      expect(stats.coverage, story.id).toBeGreaterThanOrEqual(LEVEL_COVERAGE_MIN);
    }
  });

  it('gives a new learner a story of their theme and band, at every level', () => {
    for (const language of ['ja', 'en'] as const) {
      for (const band of BANDS[language]) {
        for (const level of band) {
          for (const theme of THEMES.map((t) => t.id)) {
            const pick = pickStory(stories, { language, level, theme });
            expect(pick?.story.levels, `${language} ${level} ${theme}`).toEqual(band);
            expect(pick?.story.theme).toBe(theme);
            expect(pick?.reason).toBe('unread');
          }
        }
      }
    }
    expect(bandOf('en', 'B1')).toEqual(['B1', 'B2']);
  });

  it('tags every story with words a wish can name', () => {
    for (const story of stories) {
      expect(story.tags.length, story.id).toBeGreaterThanOrEqual(3);
      expect(new Set(story.tags).size, story.id).toBe(story.tags.length);
    }
  });

  it('finds a key written twice in one object, which JSON.parse would drop without a word', () => {
    expect(duplicateKeys('{"s1": {"a": 1}, "s2": {"a": "x,\\"y\\""}, "s1": [{"a": 1}, {"a": 2}]}')).toEqual(['s1']);
    expect(duplicateKeys('{"lines": [{"text": "{\\"s1\\": 1}"}], "s1": 2}')).toEqual([]);
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
