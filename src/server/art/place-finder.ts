import { ARCHETYPES } from './archetypes/index';
import type { Archetype } from './archetypes/types';

const INDOOR_HINTS = /\b(room|house|home|inside|indoors?|hall|building|apartment|flat|studio|interior)\b|部屋|室|屋内|家|館|アパート|マンション|中/i;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Matcher {
  archetype: Archetype;
  patterns: Array<{ pattern: RegExp; weight: number }>;
}

const MATCHERS: Matcher[] = ARCHETYPES.map((archetype) => ({
  archetype,
  patterns: [
    // English words match whole words (and simple plurals), so "cat" never matches "education".
    ...archetype.keywords.en.map((word) => ({
      pattern: new RegExp(`\\b${escapeRegExp(word)}(e?s)?\\b`, 'i'),
      weight: word.length,
    })),
    // Japanese has no spaces: a keyword anywhere counts, longer ones count more.
    ...archetype.keywords.ja.map((word) => ({ pattern: new RegExp(escapeRegExp(word)), weight: word.length * 3 })),
  ],
}));

export interface PlaceMatch {
  archetype: Archetype;
  /** False when no keyword matched and a generic place stands in. */
  matched: boolean;
}

const PREPOSITION = /\S\s+(near|by|in|at|on|beside|behind|outside|inside|next to|across from|opposite|of|with|from|under|over|around)\s/i;

/**
 * The archetype whose keywords best match free text in English or Japanese, or the closest generic place.
 * A place name's head comes last in both languages ("city park", "駅前のカフェ"), so a keyword counts more the
 * later it ends, except that an English head stops before a prepositional phrase ("a cafe near the station").
 */
export function findPlace(location: string): PlaceMatch {
  const headEnd = PREPOSITION.exec(location)?.index ?? location.length;
  let best: { archetype: Archetype; score: number } | undefined;
  for (const { archetype, patterns } of MATCHERS) {
    const score = patterns.reduce((sum, { pattern, weight }) => {
      const match = pattern.exec(location);
      if (!match) return sum;
      const end = match.index + match[0].length;
      const inHead = end <= headEnd + 1;
      return sum + weight * (1 + 0.5 * (Math.min(end, headEnd + 1) / (headEnd + 1))) * (inHead ? 2 : 0.5);
    }, 0);
    if (score > 0 && (!best || score > best.score)) best = { archetype, score };
  }
  if (best) return { archetype: best.archetype, matched: true };
  const indoor = INDOOR_HINTS.test(location);
  const generic =
    ARCHETYPES.find((a) => a.id === (indoor ? 'living_room' : 'city_street')) ??
    ARCHETYPES.find((a) => a.indoor === indoor) ??
    ARCHETYPES[0]!;
  return { archetype: generic, matched: false };
}
