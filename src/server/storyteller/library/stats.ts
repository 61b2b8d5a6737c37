import { findPlace } from '../../art/place-finder';
import type { LanguageServices } from '../../language/services';
import type { LibraryScene, LibraryStory } from './format';
import { storyPaths } from './validate';

/** A story counts as written for its band when every scene has at least this share at or below its upper level. */
export const LEVEL_COVERAGE_MIN = 0.95;

export interface SceneStats {
  id: string;
  lines: number;
  /** Share of content words at or below the band's upper level (names, numbers and loanwords apart). */
  coverage: number;
  /** Words above the band, with the gloss the vocabulary mode will show ('' when the dictionary has none). */
  above: { word: string; level: string; gloss: string }[];
  /** False when the art renderer would draw a generic place for the scene's location. */
  placeDrawn: boolean;
}

export interface StoryStats {
  id: string;
  target: string;
  scenes: number;
  lines: number;
  words: number;
  endings: number;
  paths: number;
  shortestPath: number;
  /** The lowest scene coverage. */
  coverage: number;
  kanjiAbove: string[];
  sceneStats: SceneStats[];
  /** What keeps the story out of the library; empty when it is fine. */
  failures: string[];
}

/** Everything `npm run library:stats` prints and the library test checks, for one story. */
export function storyStats(story: LibraryStory, language: LanguageServices): StoryStats {
  const target = story.levels[story.levels.length - 1]!;
  const paths = storyPaths(story);
  const kanjiAbove = new Set<string>();
  let words = 0;
  const sceneStats: SceneStats[] = [];
  for (const [id, scene] of Object.entries(story.scenes)) {
    // Choices are read too, so they are held to the same level as the lines.
    const text = sceneTexts(scene).join('\n');
    const analysed = language.analyse(text, story.language);
    words += analysed.tokens.filter((t) => /[\p{L}\p{N}]/u.test(t.surface)).length;
    const profile = language.profile(analysed, target);
    for (const { kanji } of profile.kanji_above) kanjiAbove.add(kanji);
    sceneStats.push({
      id,
      lines: scene.lines.length,
      coverage: profile.share_at_or_below,
      above: profile.new_words.map((w) => ({ word: w.base_form, level: w.level, gloss: w.gloss })),
      placeDrawn: findPlace(scene.setting.location).matched,
    });
  }
  const failures: string[] = [];
  for (const scene of sceneStats) {
    if (scene.coverage < LEVEL_COVERAGE_MIN) {
      failures.push(`${scene.id}: ${(scene.coverage * 100).toFixed(1)}% at or below ${target} (above: ${scene.above.map((w) => `${w.word} ${w.level}`).join(', ')})`);
    }
    const unglossed = scene.above.filter((w) => !w.gloss).map((w) => w.word);
    if (unglossed.length > 0) failures.push(`${scene.id}: no gloss for ${unglossed.join(', ')}`);
    if (!scene.placeDrawn) failures.push(`${scene.id}: the art renderer knows no place in "${story.scenes[scene.id]!.setting.location}"`);
  }
  return {
    id: story.id,
    target,
    scenes: sceneStats.length,
    lines: sceneStats.reduce((sum, s) => sum + s.lines, 0),
    words,
    endings: new Set(paths.map((p) => p[p.length - 1])).size,
    paths: paths.length,
    shortestPath: Math.min(...paths.map((p) => p.length)),
    coverage: Math.min(...sceneStats.map((s) => s.coverage)),
    kanjiAbove: [...kanjiAbove],
    sceneStats,
    failures,
  };
}

/** What a reader of the scene reads: its lines, then its choices. */
export function sceneTexts(scene: LibraryScene): string[] {
  return [...scene.lines.map((l) => l.text), ...(scene.choices ?? []).map((c) => c.text)];
}

