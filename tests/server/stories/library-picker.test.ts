import { describe, expect, it } from 'vitest';
import type { LibraryStory } from '../../../src/server/storyteller/library/format';
import { libraryAvailability, pickStory, wishScore } from '../../../src/server/storyteller/library/picker';
import type { ThemeId } from '../../../src/shared/stories';

/** Only what the picker reads; the scenes do not matter to it. */
function story(id: string, theme: ThemeId, levels: LibraryStory['levels'], tags: string[], language: 'en' | 'ja' = 'en'): LibraryStory {
  return { id, language, levels, theme, title: id, summary: '', tags, characters: [], start: 's1', scenes: {} };
}

const library = [
  story('b-adv-1', 'adventure', ['B1', 'B2'], ['mountains', 'lake', 'cousins']),
  story('b-adv-2', 'adventure', ['B1', 'B2'], ['sailing', 'island', 'storm', 'race']),
  story('b-adv-3', 'adventure', ['B1', 'B2'], ['temple', 'night train', 'postcard']),
  story('b-mys-1', 'mystery', ['B1', 'B2'], ['library', 'book']),
  story('c-adv-1', 'adventure', ['C1', 'C2'], ['monastery', 'snow']),
  story('a-adv-1', 'adventure', ['A1', 'A2'], ['canoe', 'lake']),
  story('j-adv-1', 'adventure', ['N3'], ['自転車', 'sea'], 'ja'),
];
const b1Adventure = { language: 'en', level: 'B1', theme: 'adventure' } as const;

describe('picking a library story', () => {
  it('gives each new story of the same options a different one until the theme and band are read', () => {
    const started: string[] = [];
    for (let i = 0; i < 3; i++) {
      const pick = pickStory(library, b1Adventure, started)!;
      expect(pick.reason).toBe('unread');
      expect(pick.story.theme).toBe('adventure');
      expect(pick.story.levels).toEqual(['B1', 'B2']);
      started.push(pick.story.id);
    }
    expect(new Set(started).size).toBe(3);
  });

  it('then picks the nearest unread: another theme of the band first, then the same theme in the easier neighbouring band', () => {
    const band = ['b-adv-1', 'b-adv-2', 'b-adv-3'];
    expect(pickStory(library, b1Adventure, band)).toMatchObject({ story: { id: 'b-mys-1' }, reason: 'nearest' });
    expect(pickStory(library, b1Adventure, [...band, 'b-mys-1'])).toMatchObject({ story: { id: 'a-adv-1' }, reason: 'nearest' });
    expect(pickStory(library, b1Adventure, [...band, 'b-mys-1', 'a-adv-1'])).toMatchObject({ story: { id: 'c-adv-1' } });
  });

  it('offers a story read before only when every story of the language is read, the one read longest ago first', () => {
    const all = ['b-adv-2', 'b-adv-1', 'b-mys-1', 'a-adv-1', 'c-adv-1', 'b-adv-3'];
    expect(pickStory(library, b1Adventure, all)).toMatchObject({ story: { id: 'b-adv-2' }, reason: 'reread' });
    expect(pickStory(library, b1Adventure, [...all, 'b-adv-2'])).toMatchObject({ story: { id: 'b-adv-1' }, reason: 'reread' });
    expect(pickStory(library, { language: 'ja', level: 'N5', theme: 'romance' })).toMatchObject({ story: { id: 'j-adv-1' }, reason: 'nearest' });
  });

  it('lets a custom wish choose among the unread stories by their tags', () => {
    expect(pickStory(library, { ...b1Adventure, wish: 'Something with a storm at sea, maybe a race?' })?.story.id).toBe('b-adv-2');
    expect(pickStory(library, { ...b1Adventure, wish: 'I love night trains' })?.story.id).toBe('b-adv-3');
    // A wish never brings back a story already started, nor one of another band.
    expect(pickStory(library, { ...b1Adventure, wish: 'a storm' }, ['b-adv-2'])?.story.id).toBe('b-adv-1');
    expect(pickStory(library, { ...b1Adventure, wish: 'a monastery in the snow' })?.story.levels).toEqual(['B1', 'B2']);
  });

  it('matches Latin tags as whole words (plurals too) and Japanese tags anywhere', () => {
    const tagged = story('t', 'romance', ['A1', 'A2'], ['cat', 'night train', '電車']);
    expect(wishScore(tagged, 'Cats!')).toBe(1);
    expect(wishScore(tagged, 'education and a catalogue')).toBe(0);
    expect(wishScore(tagged, 'a NIGHT   train ride')).toBe(1);
    expect(wishScore(tagged, '電車の中で')).toBe(1);
    expect(wishScore(tagged, undefined)).toBe(0);
  });
});

describe('what the creation screen is told before a story is spent', () => {
  it('counts the unread stories of the asked theme and band, and names what Start Reading would open', () => {
    expect(libraryAvailability(library, b1Adventure, ['b-adv-1'])).toEqual({
      total: 3,
      unread: 2,
      next: { title: 'b-adv-2', theme: 'adventure', levels: ['B1', 'B2'], reason: 'unread' },
      elsewhere: [
        { theme: 'mystery', levels: ['B1', 'B2'], unread: 1 },
        { theme: 'adventure', levels: ['A1', 'A2'], unread: 1 },
        { theme: 'adventure', levels: ['C1', 'C2'], unread: 1 },
      ],
    });
  });

  it('says when the combination is read, and offers only combinations that still have unread stories', () => {
    const read = libraryAvailability(library, b1Adventure, ['b-adv-1', 'b-adv-2', 'b-adv-3', 'b-mys-1']);
    expect(read.unread).toBe(0);
    expect(read.next).toMatchObject({ title: 'a-adv-1', reason: 'nearest' });
    expect(read.elsewhere.map((e) => e.levels.join())).toEqual(['A1,A2', 'C1,C2']);
  });
});
