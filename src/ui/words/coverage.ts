import { useEffect, useState } from 'react';
import { wordsApi } from '../../net/words-api';
import type { Language, StoryLevel } from '../../shared/language';
import type { LevelCoverage, SceneCoverage } from '../../shared/words';

/**
 * How a share of known words reads for a learner: a text is comfortable (i+1) when nearly every word is
 * known, and a stretch well before that.
 */
export function knownShareLabel({ known, total }: { known: number; total: number }): string {
  const percent = Math.floor((known / total) * 100);
  const fit = percent >= 95 ? 'an easy read' : percent >= 85 ? 'just right (i+1)' : percent >= 70 ? 'a stretch' : 'hard going';
  return `You know ${percent}% of the words: ${fit}`;
}

/** The share of known words in the scene a story card opens; null until known (or for an empty scene). */
export function useStoryCoverage(storyId: string): SceneCoverage | null {
  const [coverage, setCoverage] = useState<SceneCoverage | null>(null);
  useEffect(() => {
    let live = true;
    wordsApi.storyCoverage(storyId).then(
      (result) => live && setCoverage(result.total > 0 ? result : null),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [storyId]);
  return coverage;
}

/** How much of each level's word list the learner knows, for the creation screen's level step. */
export function useLevelCoverage(language: Language | null): Partial<Record<StoryLevel, { known: number; total: number }>> {
  const [coverage, setCoverage] = useState<LevelCoverage | null>(null);
  useEffect(() => {
    if (!language) return;
    let live = true;
    wordsApi.levelCoverage(language).then(
      (result) => live && setCoverage(result),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [language]);
  if (!coverage || coverage.language !== language) return {};
  return Object.fromEntries(coverage.levels.map(({ level, known, total }) => [level, { known, total }]));
}
