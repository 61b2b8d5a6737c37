import type { Language, StoryLevel } from '../../../shared/language';
import { THEME_IDS, type ThemeId } from '../../../shared/stories';
import { BANDS, bandOf } from './catalogue';
import type { LibraryStory } from './format';

/** What the learner asked for on the creation screen. */
export interface LibraryRequest {
  language: Language;
  level: StoryLevel;
  theme: ThemeId;
  /** The custom wish, matched against the stories' tags. */
  wish?: string;
}

/**
 * Where a pick came from: a story of the asked theme and band the learner has not started, the nearest
 * unread one when those are all read (another theme of the band, then the neighbouring band), or one
 * read before when the learner has read every story of the language.
 */
export type PickReason = 'unread' | 'nearest' | 'reread';

export interface LibraryPick {
  story: LibraryStory;
  reason: PickReason;
}

/** Another combination with unread stories, offered when the asked one is read. */
export interface UnreadElsewhere {
  theme: ThemeId;
  levels: StoryLevel[];
  unread: number;
}

const sameBand = (a: readonly string[], b: readonly string[]) => a.join() === b.join();

/** The bands next to the learner's, the easier one first: reading below one's level is the gentler step. */
function neighbouringBands(language: Language, level: StoryLevel): StoryLevel[][] {
  const bands = BANDS[language];
  const at = bands.findIndex((band) => band.includes(level));
  return [bands[at - 1], bands[at + 1]].filter((band): band is StoryLevel[] => !!band);
}

/** How many of a story's tags the wish names: whole words for Latin tags (a plural counts), anywhere for Japanese. */
export function wishScore(story: LibraryStory, wish: string | undefined): number {
  if (!wish?.trim()) return 0;
  const text = wish.toLowerCase();
  return story.tags.filter((tag) => {
    if (!/^[\p{Script=Latin}\d\s'-]+$/u.test(tag)) return text.includes(tag);
    const escaped = tag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
    return new RegExp(`(?<![\\p{L}\\d])${escaped}(e?s)?(?![\\p{L}\\d])`, 'u').test(text);
  }).length;
}

/** The best-matching story for the wish; the library's own order breaks ties, so picks are repeatable. */
function bestFor(candidates: LibraryStory[], wish: string | undefined): LibraryStory | undefined {
  let best: LibraryStory | undefined;
  let bestScore = -1;
  for (const story of candidates) {
    const score = wishScore(story, wish);
    if (score > bestScore) [best, bestScore] = [story, score];
  }
  return best;
}

/**
 * The story to tell next: unread stories of the learner's theme and band first (the wish choosing among
 * them), then the nearest unread ones, then a story read before, starting with those read longest ago.
 * `started` lists the library story ids of the learner's stories, oldest first.
 */
export function pickStory(stories: LibraryStory[], request: LibraryRequest, started: readonly string[] = []): LibraryPick | undefined {
  const read = new Set(started);
  const band = bandOf(request.language, request.level);
  const inLanguage = stories.filter((s) => s.language === request.language);
  const unread = inLanguage.filter((s) => !read.has(s.id));
  const asked = unread.filter((s) => s.theme === request.theme && sameBand(s.levels, band));
  const first = bestFor(asked, request.wish);
  if (first) return { story: first, reason: 'unread' };

  const nearest = [
    unread.filter((s) => sameBand(s.levels, band)),
    ...neighbouringBands(request.language, request.level).map((b) => unread.filter((s) => s.theme === request.theme && sameBand(s.levels, b))),
    ...neighbouringBands(request.language, request.level).map((b) => unread.filter((s) => sameBand(s.levels, b))),
    unread,
  ];
  for (const candidates of nearest) {
    const story = bestFor(candidates, request.wish);
    if (story) return { story, reason: 'nearest' };
  }

  // Everything read: the asked combination again, the story read longest ago first.
  const again = inLanguage.filter((s) => s.theme === request.theme && sameBand(s.levels, band));
  const oldest = [...again].sort((a, b) => lastStart(started, a.id) - lastStart(started, b.id))[0];
  return oldest ? { story: oldest, reason: 'reread' } : undefined;
}

function lastStart(started: readonly string[], id: string): number {
  return started.lastIndexOf(id);
}

/**
 * What the creation screen tells a learner before they spend a story: how many of the asked theme and
 * band they have not started, what Start Reading would open, and the other combinations with unread stories
 * (the band's other themes, then the same theme in the neighbouring bands).
 */
export function libraryAvailability(stories: LibraryStory[], request: LibraryRequest, started: readonly string[] = []) {
  const read = new Set(started);
  const band = bandOf(request.language, request.level);
  const unreadIn = (theme: ThemeId, levels: StoryLevel[]) =>
    stories.filter((s) => s.language === request.language && s.theme === theme && sameBand(s.levels, levels) && !read.has(s.id));
  const asked = stories.filter((s) => s.language === request.language && s.theme === request.theme && sameBand(s.levels, band));
  const elsewhere: UnreadElsewhere[] = [
    ...THEME_IDS.filter((theme) => theme !== request.theme).map((theme) => ({ theme, levels: band })),
    ...neighbouringBands(request.language, request.level).map((levels) => ({ theme: request.theme, levels })),
  ]
    .map((option) => ({ ...option, unread: unreadIn(option.theme, option.levels).length }))
    .filter((option) => option.unread > 0);
  const next = pickStory(stories, request, started);
  return {
    total: asked.length,
    unread: asked.filter((s) => !read.has(s.id)).length,
    next: next ? { title: next.story.title, theme: next.story.theme, levels: next.story.levels, reason: next.reason } : null,
    elsewhere,
  };
}
