import { describe as describeAll, expect, it } from 'vitest';

// Pure rendering needs no database: run it once, not again in the PostgreSQL pass.
const describe = describeAll.skipIf(process.env.TEST_DB === 'postgres');
import { ARCHETYPES } from '../../../src/server/art/archetypes/index';
import { findPlace } from '../../../src/server/art/place-finder';

describe('findPlace', () => {
  it('offers at least 24 archetypes with unique ids, indoors and out', () => {
    expect(ARCHETYPES.length).toBeGreaterThanOrEqual(24);
    expect(new Set(ARCHETYPES.map((a) => a.id)).size).toBe(ARCHETYPES.length);
    expect(ARCHETYPES.filter((a) => a.indoor).length).toBeGreaterThanOrEqual(10);
    expect(ARCHETYPES.filter((a) => !a.indoor).length).toBeGreaterThanOrEqual(10);
  });

  it.each([
    ['The classroom after school', 'classroom'],
    ["Mika's bedroom", 'bedroom'],
    ['a small cafe near the station', 'cafe'],
    ['Busy city street', 'city_street'],
    ['city park', 'park'],
    ['a quiet Shinto shrine', 'shrine'],
    ["the Tanakas' living room", 'living_room'],
    ['a cramped kitchen', 'kitchen'],
    ['the office on the 12th floor', 'office'],
    ['the hospital room', 'hospital'],
    ['the old city library', 'library'],
    ['sandy beach at the seaside', 'beach'],
    ['deep in the forest', 'forest'],
    ['a steep mountain trail', 'mountain_path'],
    ['school hallway by the lockers', 'school_corridor'],
    ['On the school rooftop', 'rooftop'],
    ['inside the train', 'train_carriage'],
    ['the convenience store on the corner', 'shop'],
    ['a noisy ramen shop', 'restaurant'],
    ['an old Buddhist temple', 'temple'],
    ['the harbor', 'harbour'],
    ['the summer festival', 'festival'],
    ['Shinjuku station platform', 'train_station'],
    ['the old shopping arcade', 'shopping_street'],
  ])('maps English "%s" to %s', (text, id) => {
    expect(findPlace(text)).toEqual({ archetype: expect.objectContaining({ id }), matched: true });
  });

  it.each([
    ['放課後の教室', 'classroom'],
    ['駅前のカフェ', 'cafe'],
    ['神社の境内', 'shrine'],
    ['近所の公園', 'park'],
    ['私の部屋のベッド', 'bedroom'],
    ['リビングのソファ', 'living_room'],
    ['台所', 'kitchen'],
    ['会社のオフィス', 'office'],
    ['病院', 'hospital'],
    ['図書館', 'library'],
    ['海辺の砂浜', 'beach'],
    ['森の奥', 'forest'],
    ['山道', 'mountain_path'],
    ['学校の廊下', 'school_corridor'],
    ['屋上', 'rooftop'],
    ['電車の中', 'train_carriage'],
    ['駅前のコンビニ', 'shop'],
    ['居酒屋', 'restaurant'],
    ['古いお寺', 'temple'],
    ['港', 'harbour'],
    ['夏祭りの屋台', 'festival'],
    ['駅のホーム', 'train_station'],
    ['商店街', 'shopping_street'],
    ['学校の保健室', 'hospital'],
  ])('maps Japanese "%s" to %s', (text, id) => {
    expect(findPlace(text).archetype.id).toBe(id);
  });

  it('stands in a generic place, indoors or out, when nothing matches', () => {
    expect(findPlace('the observation deck of a spaceship')).toMatchObject({ matched: false });
    expect(findPlace("a stranger's room").archetype.id).toBe('living_room');
    expect(findPlace('宇宙船の部屋').archetype.indoor).toBe(true);
    expect(findPlace('somewhere unknown').archetype.id).toBe('city_street');
  });
});
