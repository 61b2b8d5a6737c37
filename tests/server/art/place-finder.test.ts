import { describe as describeAll, expect, it } from 'vitest';

// Pure rendering needs no database: run it once, not again in the PostgreSQL pass.
const describe = describeAll.skipIf(process.env.TEST_DB === 'postgres');
import { ARCHETYPES } from '../../../src/server/art/archetypes/index';
import { findPlace } from '../../../src/server/art/place-finder';

describe('findPlace', () => {
  it('offers at least 24 archetypes with unique ids', () => {
    expect(ARCHETYPES.length).toBeGreaterThanOrEqual(24);
    expect(new Set(ARCHETYPES.map((a) => a.id)).size).toBe(ARCHETYPES.length);
  });

  it.each([
    ['The classroom after school', 'classroom'],
    ['school hallway by the lockers', 'school_corridor'],
    ['On the school rooftop', 'rooftop'],
    ["Mika's bedroom", 'bedroom'],
    ['a small cafe near the station', 'cafe'],
    ['Busy city street', 'city_street'],
    ['Shinjuku station platform', 'train_station'],
    ['inside the train', 'train_carriage'],
    ['the hospital room', 'hospital'],
    ['sandy beach at the seaside', 'beach'],
    ['a quiet Shinto shrine', 'shrine'],
    ['deep in the forest', 'forest'],
    ['summer festival', 'festival'],
    ['the harbor', 'harbour'],
    ['city park', 'park'],
  ])('maps English "%s" to %s', (text, id) => {
    expect(findPlace(text)).toEqual({ archetype: expect.objectContaining({ id }), matched: true });
  });

  it.each([
    ['放課後の教室', 'classroom'],
    ['学校の廊下', 'school_corridor'],
    ['屋上', 'rooftop'],
    ['駅前のカフェ', 'cafe'],
    ['電車の中', 'train_carriage'],
    ['病院', 'hospital'],
    ['海辺の砂浜', 'beach'],
    ['神社の境内', 'shrine'],
    ['古いお寺', 'temple'],
    ['森の奥', 'forest'],
    ['夏祭り', 'festival'],
    ['港', 'harbour'],
    ['図書館', 'library'],
    ['台所', 'kitchen'],
    ['商店街', 'shopping_street'],
  ])('maps Japanese "%s" to %s', (text, id) => {
    expect(findPlace(text).archetype.id).toBe(id);
  });

  it('stands in a generic place, indoors or out, when nothing matches', () => {
    expect(findPlace('the observation deck of a spaceship')).toMatchObject({ matched: false });
    expect(findPlace("a stranger's room").archetype.id).toBe('living_room');
    expect(findPlace('宇宙船の部屋').archetype.id).toBe('living_room');
    expect(findPlace('somewhere unknown').archetype.id).toBe('city_street');
  });
});
