import type { Appearance } from '../../shared/art';
import { seededRng, type Rng } from './random';

type Weighted<T> = ReadonlyArray<readonly [T, number]>;
type HairStyle = Appearance['hair_style'];
type Outfit = Appearance['outfit'];
type Accessory = Appearance['accessories'][number];
type Age = Appearance['age'];
type Gender = Appearance['gender_presentation'];

function weighted<T>(rng: Rng, items: Weighted<T>): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = rng.next() * total;
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1]![0];
}

/** Natural hair colours first, then the occasional anime colour. */
const HAIR_COLORS: Weighted<readonly string[]> = [
  [['#1f1d24', '#26242d', '#232836'], 22], // black
  [['#3b2a22', '#4a3327', '#3f2b25'], 20], // dark brown
  [['#6e4128', '#7d4a2c', '#8a5633'], 15], // chestnut
  [['#e3c07a', '#d6ab5c', '#efd69c', '#c99f58'], 12], // blonde
  [['#8f3a24', '#a2482c', '#7c2f22'], 9], // auburn
  [['#c8cbd4', '#b5b9c6', '#dcdde3'], 6], // silver
  [['#f0a6c0', '#e58aa9'], 6], // pink
  [['#5a7ed0', '#4668b3', '#7ea0e0'], 5], // blue
  [['#b8a2e0', '#a58ad4'], 5], // lavender
];

const EYE_COLORS: Weighted<string> = [
  ['#6b4226', 18], // brown
  ['#4a2e1c', 10], // dark brown
  ['#c07a2c', 8], // amber
  ['#8a6d2f', 7], // hazel
  ['#3c8a55', 9], // green
  ['#3d74c9', 12], // blue
  ['#6d7f92', 6], // grey
  ['#7a5bbd', 6], // violet
  ['#2f8f8c', 5], // teal
  ['#b83a3a', 3], // red
];

/** Real skin tones from very fair to deep. */
const SKIN_TONES: Weighted<string> = [
  ['#fde8d7', 10],
  ['#f9dcc6', 14],
  ['#f4d0b5', 14],
  ['#efc4a2', 12],
  ['#e6b58e', 10],
  ['#d7a078', 8],
  ['#c48a60', 7],
  ['#a8704a', 6],
  ['#8d5a3a', 5],
  ['#6e4330', 4],
];

const OUTFIT_COLORS: Record<Outfit, readonly string[]> = {
  school_uniform: ['#2b3a67', '#1f2c4f', '#2a2a33', '#2f4f45', '#5a6070', '#6e2a35', '#6f95c9'],
  blazer: ['#2c3e6b', '#3d4f7f', '#7a2e3a', '#2f5d4a', '#b9a27d', '#6b6f7a', '#6a4a35'],
  hoodie: ['#e06c75', '#6fa8dc', '#8fbf7f', '#f2c14e', '#9b8ec4', '#e8e4dc', '#3a3f4b', '#f29e6b', '#5fb3a8'],
  suit: ['#2a2d36', '#1f2433', '#3b3f48', '#4a3a30', '#2d3a55', '#5b5f66'],
  kimono: ['#c0394b', '#3a5a9a', '#6b4a8a', '#2f7a6a', '#d98aa6', '#e0a640', '#7a2e3a', '#3b3b5e'],
  dress: ['#e28fa8', '#7fb0e0', '#f2d27a', '#9fd0b0', '#c4a0e0', '#f4f0e6', '#d9534f', '#4a6fa5', '#2f2f3a'],
  sweater: ['#c9a27e', '#8b5a3c', '#a03c3c', '#3e6b5a', '#d9c7a7', '#6a7fb0', '#e6b8a2', '#7a6a9a', '#efe6d6'],
  apron: ['#4a6fa5', '#8b3a4a', '#2f5d4a', '#6b4a7a', '#2a2a33', '#c07a4a', '#7fa7c9'],
};

const HAIR_STYLES: Record<Gender, Weighted<HairStyle>> = {
  feminine: [['short', 8], ['bob', 14], ['long', 18], ['ponytail', 14], ['twintails', 12], ['spiky', 2], ['bun', 10], ['braid', 10]],
  masculine: [['short', 40], ['bob', 4], ['long', 6], ['ponytail', 8], ['twintails', 0], ['spiky', 30], ['bun', 4], ['braid', 2]],
  androgynous: [['short', 20], ['bob', 16], ['long', 10], ['ponytail', 14], ['twintails', 3], ['spiky', 14], ['bun', 8], ['braid', 6]],
};

const OUTFITS: Record<Gender, Weighted<Outfit>> = {
  feminine: [['school_uniform', 18], ['blazer', 12], ['hoodie', 10], ['suit', 4], ['kimono', 8], ['dress', 14], ['sweater', 12], ['apron', 7]],
  masculine: [['school_uniform', 18], ['blazer', 14], ['hoodie', 14], ['suit', 14], ['kimono', 6], ['dress', 0], ['sweater', 14], ['apron', 4]],
  androgynous: [['school_uniform', 16], ['blazer', 12], ['hoodie', 16], ['suit', 8], ['kimono', 8], ['dress', 4], ['sweater', 14], ['apron', 6]],
};

const ACCESSORIES: Record<Gender, Weighted<Accessory>> = {
  feminine: [['glasses', 10], ['ribbon', 14], ['hairpin', 14], ['earrings', 10], ['scarf', 8], ['headband', 10]],
  masculine: [['glasses', 16], ['ribbon', 1], ['hairpin', 3], ['earrings', 6], ['scarf', 10], ['headband', 4]],
  androgynous: [['glasses', 12], ['ribbon', 5], ['hairpin', 8], ['earrings', 10], ['scarf', 10], ['headband', 6]],
};

function rgb(hex: string): [number, number, number] {
  const value = parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function distance(a: string, b: string): number {
  const [ar, ag, ab] = rgb(a);
  const [br, bg, bb] = rgb(b);
  return Math.hypot(ar - br, ag - bg, ab - bb);
}

function outfitWeights(gender: Gender, age: Age): Weighted<Outfit> {
  return OUTFITS[gender].map(([outfit, weight]): readonly [Outfit, number] => {
    if (age === 'adult' || age === 'elder') {
      if (outfit === 'school_uniform') return [outfit, 1];
      if (outfit === 'suit' || outfit === 'kimono' || outfit === 'apron') return [outfit, weight + 6];
    }
    if (age === 'child' && outfit === 'suit') return [outfit, 1];
    return [outfit, weight];
  });
}

/** A deterministic, varied look for any string (usually a character id). */
export function appearanceFromSeed(seed: string): Appearance {
  const rng = seededRng(`appearance:${seed}`);
  const age = weighted<Age>(rng, [['child', 10], ['teen', 46], ['adult', 36], ['elder', 8]]);
  const gender = weighted<Gender>(rng, [['feminine', 45], ['masculine', 40], ['androgynous', 15]]);
  const styles = HAIR_STYLES[gender].map(([style, weight]): readonly [HairStyle, number] =>
    age === 'elder' && (style === 'twintails' || style === 'spiky') ? [style, 0] : [style, weight],
  );
  const hair_style = weighted(rng, styles);
  const hair_color = rng.pick(weighted(rng, HAIR_COLORS));
  const eye_color = weighted(rng, EYE_COLORS);
  const skin_tone = weighted(rng, SKIN_TONES);
  const outfit = weighted(rng, outfitWeights(gender, age));
  // Of two candidates, the colour further from the hair, so clothes and hair never blur together.
  const first = rng.pick(OUTFIT_COLORS[outfit]);
  const second = rng.pick(OUTFIT_COLORS[outfit]);
  const outfit_color = distance(first, hair_color) >= distance(second, hair_color) ? first : second;
  const count = weighted(rng, [[0, 40], [1, 42], [2, 18]] as const);
  const accessories: Accessory[] = [];
  while (accessories.length < count) {
    const pool = ACCESSORIES[gender].filter(([item]) => !accessories.includes(item));
    accessories.push(weighted(rng, pool));
  }
  // A ribbon and a headband would fight for the top of the head.
  const cleaned = accessories.includes('ribbon') ? accessories.filter((item) => item !== 'headband') : accessories;
  return {
    hair_style,
    hair_color: hair_color.toLowerCase(),
    eye_color: eye_color.toLowerCase(),
    skin_tone: skin_tone.toLowerCase(),
    outfit,
    outfit_color: outfit_color.toLowerCase(),
    accessories: cleaned,
    age,
    gender_presentation: gender,
  };
}
