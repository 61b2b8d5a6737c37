import type { Appearance, Emotion } from '../../shared/art';
import { darken, lighten, mix } from './color';
import { seededRng, type Rng } from './random';

/** A half-body visual-novel sprite: head, shoulders and upper torso, cut at the waist. */
export const SPRITE_WIDTH = 600;
export const SPRITE_HEIGHT = 900;

const CX = 300;

// ---------------------------------------------------------------------------------------------
// Small helpers

const num = (v: number) => String(Math.round(v * 10) / 10);

/** Path data with every number rounded to one decimal. */
function d(strings: TemplateStringsArray, ...values: number[]): string {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += num(value) + (strings[i + 1] ?? '');
  });
  return out.replace(/\s+/g, ' ').trim();
}

/** An absolute M/L/C/Q path reflected about the sprite's centre line. */
function mirrorD(path: string): string {
  let i = 0;
  return path.replace(/-?\d+(?:\.\d+)?/g, (m) => (i++ % 2 === 0 ? num(600 - Number(m)) : m));
}

type Attrs = Record<string, string | number | undefined>;

function attrs(a: Attrs): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? num(v) : v}"`)
    .join('');
}

const path = (dd: string, a: Attrs = {}) => `<path d="${dd}"${attrs(a)}/>`;
const g = (inner: string, a: Attrs = {}) => `<g${attrs(a)}>${inner}</g>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, a: Attrs = {}) =>
  `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(rx)}" ry="${num(ry)}"${attrs(a)}/>`;
const circle = (cx: number, cy: number, r: number, a: Attrs = {}) =>
  `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}"${attrs(a)}/>`;

/** Left-hand path and its mirror image. */
const both = (dd: string) => [dd, mirrorD(dd)];

function rgb(hex: string): [number, number, number] {
  const value = parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function luminance(hex: string): number {
  const [r, gg, b] = rgb(hex);
  return (0.299 * r + 0.587 * gg + 0.114 * b) / 255;
}

function hue(hex: string): { h: number; s: number } {
  const [r, gg, b] = rgb(hex).map((v) => v / 255) as [number, number, number];
  const max = Math.max(r, gg, b);
  const min = Math.min(r, gg, b);
  const delta = max - min;
  if (delta < 1e-6) return { h: 0, s: 0 };
  let h = 0;
  if (max === r) h = ((gg - b) / delta) % 6;
  else if (max === gg) h = (b - r) / delta + 2;
  else h = (r - gg) / delta + 4;
  return { h: (h * 60 + 360) % 360, s: delta / (1 - Math.abs(max + min - 1) || 1) };
}

/** Point on a cubic Bézier. */
function cubicAt(p0: number[], p1: number[], p2: number[], p3: number[], t: number): [number, number] {
  const u = 1 - t;
  const x = u * u * u * p0[0]! + 3 * u * u * t * p1[0]! + 3 * u * t * t * p2[0]! + t * t * t * p3[0]!;
  const y = u * u * u * p0[1]! + 3 * u * u * t * p1[1]! + 3 * u * t * t * p2[1]! + t * t * t * p3[1]!;
  return [x, y];
}

/** A band of width w to the left of the segment (x0,y0)→(x1,y1). */
function bandD(x0: number, y0: number, x1: number, y1: number, w: number): string {
  const len = Math.hypot(x1 - x0, y1 - y0) || 1;
  const nx = ((y1 - y0) / len) * w;
  const ny = (-(x1 - x0) / len) * w;
  return d`M ${x0} ${y0} L ${x1} ${y1} L ${x1 + nx} ${y1 + ny} L ${x0 + nx} ${y0 + ny} Z`;
}

function hashString(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0).toString(36);
}

// ---------------------------------------------------------------------------------------------
// Proportions and colours

interface Geo {
  faceW: number;
  jawW: number;
  jawY: number;
  chinY: number;
  chinW: number;
  eyeY: number;
  eyeDX: number;
  eyeRX: number;
  eyeRY: number;
  noseY: number;
  mouthY: number;
  neckW: number;
  shoulderW: number;
  browW: number;
  browGap: number;
  lashW: number;
  wing: boolean;
  hairTop: number;
  hairW: number;
  /** Vertical shift of the neck and body: children sit a little higher under a smaller head. */
  bodyDY: number;
}

function geometry(a: Appearance): Geo {
  const geo: Geo = {
    faceW: 94, jawW: 64, jawY: 312, chinY: 350, chinW: 9,
    eyeY: 262, eyeDX: 43, eyeRX: 23, eyeRY: 27,
    noseY: 298, mouthY: 322,
    neckW: 22, shoulderW: 126,
    browW: 4.5, browGap: 12, lashW: 5, wing: true,
    hairTop: 88, hairW: 110, bodyDY: -6,
  };
  if (a.gender_presentation === 'masculine') {
    Object.assign(geo, {
      jawW: 72, jawY: 318, chinY: 356, chinW: 17, eyeRX: 22, eyeRY: 21, eyeY: 262,
      neckW: 29, shoulderW: 152, browW: 7.5, browGap: 9, lashW: 4, wing: false, mouthY: 326, noseY: 300,
    });
  } else if (a.gender_presentation === 'androgynous') {
    Object.assign(geo, { jawW: 68, jawY: 315, chinY: 353, chinW: 12, eyeRY: 24, neckW: 25, shoulderW: 138, browW: 5.5, lashW: 4.5, wing: false });
  }
  if (a.age === 'child') {
    geo.faceW += 4;
    geo.jawW += 10;
    geo.jawY -= 10;
    geo.chinY -= 16;
    geo.chinW += 5;
    geo.eyeY += 8;
    geo.eyeRX += 3;
    geo.eyeRY += 4;
    geo.mouthY -= 2;
    geo.noseY += 2;
    geo.neckW -= 4;
    geo.shoulderW = Math.round(geo.shoulderW * 0.8);
    geo.hairW += 4;
    geo.bodyDY = -32;
  } else if (a.age === 'adult') {
    geo.chinY += 4;
    geo.jawY += 2;
    geo.eyeRY -= 2;
    geo.shoulderW += 6;
    geo.mouthY += 2;
    geo.noseY += 1;
  } else if (a.age === 'elder') {
    geo.chinY += 4;
    geo.jawY += 2;
    geo.eyeRY -= 4;
    geo.eyeRX -= 1;
    geo.shoulderW += 2;
    geo.mouthY += 3;
    geo.noseY += 2;
  }
  return geo;
}

interface Pal {
  skin: string;
  skinShadow: string;
  skinDeep: string;
  skinLine: string;
  blush: string;
  hair: string;
  hairShadow: string;
  hairHi: string;
  hairLine: string;
  brow: string;
  lash: string;
  eye: string;
  eyeDark: string;
  eyeLight: string;
  eyeLine: string;
  cloth: string;
  clothShadow: string;
  clothHi: string;
  clothLine: string;
  accent: string;
  accentShadow: string;
  mouth: string;
  tongue: string;
}

const SHIRT = '#f7f7f9';
const SHIRT_SHADOW = '#d6d9e6';
const SHIRT_LINE = '#7c8196';
const GOLD = '#e0b84e';

const ACCENTS = ['#c8414b', '#2d3f73', '#d9a23a', '#3f7d5c', '#e77fa0', '#5f95d6', '#7a4fa0'];

function pickAccent(cloth: string, v: Rng): string {
  const { h, s } = hue(cloth);
  const options = ACCENTS.filter((accent) => {
    const other = hue(accent).h;
    const distance = Math.min(Math.abs(other - h), 360 - Math.abs(other - h));
    return s < 0.15 ? true : distance > 70;
  }).filter((accent) => Math.abs(luminance(accent) - luminance(cloth)) > 0.08);
  return v.pick(options.length ? options : ACCENTS);
}

function palette(a: Appearance, v: Rng): Pal {
  const skin = a.skin_tone;
  const skinLum = luminance(skin);
  const hair = a.age === 'elder' ? mix(a.hair_color, '#b9b8b6', 0.4) : a.hair_color;
  const hairLum = luminance(hair);
  const cloth = a.outfit_color;
  const clothLum = luminance(cloth);
  const accent = pickAccent(cloth, v);
  return {
    skin,
    skinShadow: darken(mix(skin, '#c0606a', 0.2), 0.08),
    skinDeep: darken(mix(skin, '#a04858', 0.3), 0.18),
    skinLine: mix(darken(skin, skinLum > 0.5 ? 0.62 : 0.55), '#5a1e1a', 0.3),
    blush: skinLum > 0.5 ? '#f27d8e' : '#d0485e',
    hair,
    // Light hair shades warm (blonde) or cool (silver); dark hair shades towards violet.
    hairShadow: hairLum > 0.6
      ? mix(darken(hair, 0.16), hue(hair).s > 0.25 ? '#b0602e' : '#5a6488', 0.2)
      : mix(darken(hair, 0.3), '#2e2450', 0.14),
    hairHi: hairLum < 0.18 ? mix(hair, '#9aa6cc', 0.42) : lighten(hair, hairLum > 0.6 ? 0.55 : 0.33),
    hairLine: mix(darken(hair, hairLum > 0.6 ? 0.5 : 0.62), '#1a0f18', 0.3),
    brow: mix(darken(hair, hairLum > 0.6 ? 0.42 : 0.3), '#2a1a1a', 0.25),
    lash: mix(darken(hair, 0.7), '#1a1014', 0.6),
    eye: a.eye_color,
    eyeDark: darken(a.eye_color, 0.55),
    eyeLight: lighten(a.eye_color, 0.45),
    eyeLine: darken(a.eye_color, 0.72),
    cloth,
    clothShadow: mix(darken(cloth, clothLum > 0.7 ? 0.16 : 0.26), '#2a2460', 0.1),
    clothHi: lighten(cloth, clothLum < 0.2 ? 0.14 : 0.2),
    clothLine: mix(darken(cloth, clothLum > 0.6 ? 0.55 : 0.6), '#181020', 0.3),
    accent,
    accentShadow: darken(accent, 0.28),
    mouth: mix('#7a2634', skin, 0.12),
    tongue: '#e57f8a',
  };
}

interface Ctx {
  a: Appearance;
  geo: Geo;
  p: Pal;
  id: string;
  /** Details that belong to the character, not to the emotion: parting side, glasses frame, … */
  side: 1 | -1;
  sailor: boolean;
  glasses: string;
  braidTie?: string;
  tailTie?: string;
  defs: string[];
}

// ---------------------------------------------------------------------------------------------
// Emotions: only the face changes

interface Brow {
  inner: number;
  outer: number;
  arch: number;
}

interface Face {
  closed: boolean;
  open: number;
  iris: number;
  lookX: number;
  lookY: number;
  lidIn: number;
  lidOut: number;
  brows: [Brow, Brow];
  mouth: 'smile' | 'open' | 'frown' | 'grit' | 'o' | 'flat' | 'wavy';
  blush: number;
}

function faceFor(emotion: Emotion, side: 1 | -1): Face {
  const calm: Brow = { inner: 0, outer: 0, arch: 3 };
  switch (emotion) {
    case 'happy':
      return { closed: true, open: 1, iris: 1, lookX: 0, lookY: 0, lidIn: 0, lidOut: 0, brows: [{ inner: -5, outer: -3, arch: 6 }, { inner: -5, outer: -3, arch: 6 }], mouth: 'open', blush: 0.45 };
    case 'sad':
      return { closed: false, open: 0.95, iris: 0.98, lookX: 0, lookY: 0.3, lidIn: -1, lidOut: 6, brows: [{ inner: -11, outer: 6, arch: -2 }, { inner: -11, outer: 6, arch: -2 }], mouth: 'frown', blush: 0.2 };
    case 'angry':
      return { closed: false, open: 1, iris: 0.88, lookX: 0, lookY: 0, lidIn: 11, lidOut: 3, brows: [{ inner: 11, outer: -5, arch: 0 }, { inner: 11, outer: -5, arch: 0 }], mouth: 'grit', blush: 0 };
    case 'surprised':
      return { closed: false, open: 1.14, iris: 0.6, lookX: 0, lookY: -0.1, lidIn: 0, lidOut: 0, brows: [{ inner: -15, outer: -11, arch: 7 }, { inner: -15, outer: -11, arch: 7 }], mouth: 'o', blush: 0 };
    case 'thinking': {
      const raised: Brow = { inner: -9, outer: -13, arch: 7 };
      const flat: Brow = { inner: 4, outer: 3, arch: 1 };
      return { closed: false, open: 1, iris: 0.95, lookX: -0.62 * side, lookY: -0.35, lidIn: 3, lidOut: 3, brows: side > 0 ? [flat, raised] : [raised, flat], mouth: 'flat', blush: 0 };
    }
    case 'blushing':
      return { closed: false, open: 1, iris: 0.95, lookX: 0.55 * side, lookY: 0.45, lidIn: 5, lidOut: 5, brows: [{ inner: -7, outer: 3, arch: 1 }, { inner: -7, outer: 3, arch: 1 }], mouth: 'wavy', blush: 1 };
    default:
      return { closed: false, open: 1, iris: 1, lookX: 0, lookY: 0, lidIn: 0, lidOut: 0, brows: [calm, calm], mouth: 'smile', blush: 0.2 };
  }
}

// ---------------------------------------------------------------------------------------------
// Head

function facePath(geo: Geo): string {
  const { faceW: fw, jawW, jawY, chinY, chinW } = geo;
  return d`M ${CX} 110 C ${CX - 56} 110 ${CX - fw} 148 ${CX - fw} 228
    C ${CX - fw} 266 ${CX - fw + 5} ${jawY - 26} ${CX - jawW} ${jawY}
    C ${CX - jawW + 18} ${jawY + 18} ${CX - chinW - 16} ${chinY - 4} ${CX - chinW} ${chinY - 1}
    Q ${CX} ${chinY + 3} ${CX + chinW} ${chinY - 1}
    C ${CX + chinW + 16} ${chinY - 4} ${CX + jawW - 18} ${jawY + 18} ${CX + jawW} ${jawY}
    C ${CX + fw - 5} ${jawY - 26} ${CX + fw} 266 ${CX + fw} 228
    C ${CX + fw} 148 ${CX + 56} 110 ${CX} 110 Z`;
}

function ears(c: Ctx): string {
  const { geo, p } = c;
  const fw = geo.faceW;
  const y = geo.eyeY;
  const outer = d`M ${CX - fw + 6} ${y - 20} C ${CX - fw - 10} ${y - 32} ${CX - fw - 21} ${y - 8} ${CX - fw - 15} ${y + 13}
    C ${CX - fw - 11} ${y + 28} ${CX - fw - 4} ${y + 37} ${CX - fw + 8} ${y + 35} Z`;
  const inner = d`M ${CX - fw - 3} ${y - 10} C ${CX - fw - 12} ${y - 6} ${CX - fw - 11} ${y + 14} ${CX - fw - 4} ${y + 24}`;
  return both(outer).map((dd) => path(dd, { fill: p.skin, stroke: p.skinLine, 'stroke-width': 2.2 })).join('') +
    both(inner).map((dd) => path(dd, { fill: 'none', stroke: p.skinDeep, 'stroke-width': 2.6, 'stroke-linecap': 'round', opacity: 0.7 })).join('');
}

function neck(c: Ctx): string {
  const { geo, p, id } = c;
  const nw = geo.neckW;
  const dd = d`M ${CX - nw} ${geo.jawY - 10} L ${CX - nw} 388 C ${CX - nw} 406 ${CX - nw - 16} 416 ${CX - nw - 44} 426
    L ${CX - 96} 640 L ${CX + 96} 640 L ${CX + nw + 44} 426 C ${CX + nw + 16} 416 ${CX + nw} 406 ${CX + nw} 388 L ${CX + nw} ${geo.jawY - 10} Z`;
  c.defs.push(`<clipPath id="${id}-neck">${path(dd)}</clipPath>`);
  const shade = path(facePath(geo), { fill: p.skinShadow, transform: `translate(0 ${num(17 - geo.bodyDY)})` }) +
    path(d`M ${CX + nw - 7} ${geo.jawY} L ${CX + nw + 2} ${geo.jawY} L ${CX + nw + 2} 420 L ${CX + nw - 4} 420 Z`, { fill: p.skinShadow });
  return path(dd, { fill: p.skin, stroke: p.skinLine, 'stroke-width': 2.2 }) + g(shade, { 'clip-path': `url(#${id}-neck)` });
}

// ---------------------------------------------------------------------------------------------
// Hair: a back layer behind the head, a front layer (cap, bangs, side locks) that frames the face

interface Lock {
  rx: number;
  ry: number;
  tx: number;
  ty: number;
  w: number;
  b: number;
}

/** A pointed lock of hair from a root (rx, ry) of width w to a tip, bending sideways by b. */
function lockD(l: Lock): string {
  const len = l.ty - l.ry;
  return d`M ${l.rx - l.w / 2} ${l.ry} C ${l.rx - l.w / 2 + l.b * 0.3} ${l.ry + len * 0.45} ${l.tx - l.w * 0.2 + l.b * 0.5} ${l.ty - len * 0.32} ${l.tx} ${l.ty}
    C ${l.tx + l.w * 0.2 + l.b * 0.5} ${l.ty - len * 0.32} ${l.rx + l.w / 2 + l.b * 0.3} ${l.ry + len * 0.45} ${l.rx + l.w / 2} ${l.ry} Z`;
}

/** A thin darker sliver inside a lock: the cel-shaded crease between strands. */
function creaseD(l: Lock): string {
  const dir = l.b >= 0 ? 1 : -1;
  const len = l.ty - l.ry;
  return lockD({ rx: l.rx + dir * l.w * 0.12, ry: l.ry + len * 0.3, tx: l.tx - dir * 2, ty: l.ty - 9, w: l.w * 0.2, b: l.b * 0.6 });
}

/**
 * A lock hanging at the side of the face, its outer edge continuing the outline of the head:
 * root at (x0, y0) on that outline, width w, tip (tx, ty); `out` bows the outer edge outwards.
 */
function sideLockD(x0: number, y0: number, w: number, tx: number, ty: number, out: number, inn = 0): string {
  const len = ty - y0;
  return d`M ${x0} ${y0} C ${x0 - out} ${y0 + len * 0.4} ${tx - out * 0.6} ${ty - len * 0.28} ${tx} ${ty}
    C ${tx + w * 0.3 + inn * 0.5} ${ty - len * 0.3} ${x0 + w + inn} ${y0 + len * 0.4} ${x0 + w} ${y0 - 24} Z`;
}

interface HairParts {
  /** Behind the head and body, in the shadow tone. */
  back: string[];
  /** Tails and buns behind the head, in the base tone. */
  tails: string[];
  tailCreases: string[];
  cap: string;
  bangs: Lock[];
  /** Side locks and braids: in front of the face and body. */
  sides: string[];
  sideCreases: string[];
  ties: string;
}

type Bangs = 'swept' | 'blunt' | 'spiky' | 'parted';

function bangsFor(c: Ctx): Lock[] {
  const { a, side: s, geo } = c;
  const style = a.hair_style;
  const top = geo.hairTop;
  const base = geo.eyeY - geo.eyeRY; // the top of the eyes: bangs stay above it
  const kind: Bangs =
    style === 'spiky' ? 'spiky'
    : style === 'bob' || style === 'twintails' ? 'blunt'
    : style === 'bun' || (style === 'long' && a.gender_presentation !== 'feminine') ? 'parted'
    : 'swept';
  // Roots follow the curve of the skull so that no root pokes out of the cap.
  const rootY = (x: number) => top + 40 + (Math.abs(x) / 100) ** 2 * 66;
  const make = (rows: number[][]) =>
    rows.map(([rx, tx, ty, w, b]) => ({ rx: CX + rx! * s, ry: rootY(rx!), tx: CX + tx! * s, ty: base - ty!, w: w!, b: b! * s }));
  switch (kind) {
    case 'blunt':
      return make([
        [-84, -94, 2, 40, -4], [-60, -62, 12, 40, -2], [-34, -35, 10, 40, 0], [-8, -8, 13, 40, 1],
        [18, 19, 10, 40, 1], [44, 46, 12, 40, 2], [70, 74, 10, 40, 3], [90, 98, 0, 36, 4],
      ]);
    case 'spiky':
      return make([
        [-84, -110, 4, 52, -14], [-54, -64, 12, 54, -8], [-22, -22, 4, 54, 6], [10, 24, 14, 52, 10],
        [42, 62, 6, 52, 12], [72, 96, 16, 48, 12], [92, 118, 0, 40, 10],
      ]);
    case 'parted':
      return make([
        [-6, -36, 26, 44, -16], [-32, -68, 12, 48, -16], [-62, -96, 2, 44, -12],
        [20, 46, 22, 44, 16], [46, 80, 8, 48, 16], [74, 102, -2, 40, 12],
      ]);
    default:
      return make([
        [-84, -98, -4, 36, -4], [-62, -56, 20, 48, 8], [-34, -20, 10, 50, 10], [-4, 16, 18, 50, 12],
        [26, 48, 6, 50, 14], [56, 76, 16, 46, 12], [82, 102, 0, 34, 8],
      ]);
  }
}

function sideParts(c: Ctx): { sides: string[]; creases: string[] } {
  const { geo, a, side } = c;
  const fw = geo.faceW;
  const hw = geo.hairW;
  const y = geo.eyeY;
  const S = geo.shoulderW;
  const x0 = CX - hw;
  const y0 = 206;
  const sides: string[] = [];
  const creases: string[] = [];
  const pair = (dd: string, crease?: string) => {
    sides.push(...both(dd));
    if (crease) creases.push(...both(crease));
  };
  switch (a.hair_style) {
    case 'short':
      if (a.gender_presentation === 'masculine') pair(sideLockD(x0 + 2, y0, 28, CX - fw + 2, y + 22, 2));
      else pair(sideLockD(x0, y0, 34, CX - fw + 8, y + 48, 4), sideLockD(x0 + 12, y0 + 20, 10, CX - fw + 10, y + 36, 2));
      break;
    case 'bob':
      pair(sideLockD(x0 - 2, y0 - 10, 34, CX - fw + 2, 374, 16, 2), sideLockD(x0 + 10, y0 + 10, 10, CX - fw + 2, 356, 12));
      pair(sideLockD(x0 + 12, y0, 22, CX - fw + 18, 350, 4, -4));
      break;
    case 'long':
      pair(sideLockD(x0 - 1, y0 - 6, 44, CX - S + 2, 650, 8, 10), sideLockD(x0 + 14, y0 + 20, 14, CX - S + 8, 610, 6, 8));
      pair(sideLockD(x0 + 16, y0 + 4, 28, CX - fw + 12, 520, 4, 6));
      break;
    case 'spiky':
      pair(sideLockD(x0 - 2, y0 - 10, 36, CX - hw - 14, y + 34, 4, -8));
      pair(sideLockD(x0 + 10, y0, 30, CX - fw + 6, y + 42, 2));
      break;
    case 'bun':
      pair(sideLockD(x0 + 6, y0, 18, CX - fw + 8, 362, -6, -12));
      break;
    case 'braid': {
      // A side lock on one side; on the other, a braid over the shoulder and down the chest.
      const lock = sideLockD(x0 + 2, y0, 28, CX - fw + 10, y + 80, 4);
      sides.push(side > 0 ? lock : mirrorD(lock));
      const braid: string[] = [];
      const bx0 = CX - hw + 24;
      const by0 = y + 20;
      const bx1 = CX - S + 30;
      const by1 = 640;
      const steps = 11;
      for (let i = 0; i < steps; i++) {
        const t = i / (steps - 1);
        const x = bx0 + (bx1 - bx0) * t - Math.sin(t * Math.PI) * 22;
        const yy = by0 + (by1 - by0) * t;
        const w = 27 - t * 7;
        const dir = i % 2 === 0 ? 1 : -1;
        braid.push(d`M ${x - w * dir} ${yy - 8} C ${x - w * 1.1 * dir} ${yy + 22} ${x + w * 0.2 * dir} ${yy + 40} ${x + w * 0.9 * dir} ${yy + 46}
          C ${x + w * 1.1 * dir} ${yy + 20} ${x + w * 0.3 * dir} ${yy - 2} ${x - w * dir} ${yy - 8} Z`);
      }
      const ex = bx1;
      braid.push(d`M ${ex - 12} ${by1 + 36} C ${ex - 20} ${by1 + 60} ${ex - 22} ${by1 + 76} ${ex - 18} ${by1 + 90} L ${ex - 4} ${by1 + 72} L ${ex + 4} ${by1 + 94} L ${ex + 10} ${by1 + 72} L ${ex + 22} ${by1 + 86} C ${ex + 20} ${by1 + 66} ${ex + 14} ${by1 + 50} ${ex + 12} ${by1 + 36} Z`);
      // The braid starts behind the ear: a short lock leads into it.
      braid.unshift(sideLockD(x0, y0, 40, bx0, by0 + 20, 6, 4));
      sides.push(...(side > 0 ? braid.map(mirrorD) : braid));
      const tie = d`M ${ex - 15} ${by1 + 30} L ${ex + 15} ${by1 + 30} L ${ex + 14} ${by1 + 42} L ${ex - 14} ${by1 + 42} Z`;
      c.braidTie = side > 0 ? mirrorD(tie) : tie;
      break;
    }
    default:
      // ponytail, twintails
      pair(sideLockD(x0 + 2, y0, 28, CX - fw + 10, y + 78, 4));
  }
  return { sides, creases };
}

function hairParts(c: Ctx): HairParts {
  const { geo, a, side, p } = c;
  const top = geo.hairTop;
  const hw = geo.hairW;
  const nw = geo.neckW;
  const S = geo.shoulderW;
  const k = 0.56;
  const cy = 215;
  const parts: HairParts = { back: [], tails: [], tailCreases: [], cap: '', bangs: [], sides: [], sideCreases: [], ties: '' };

  // The cap: the hair over the skull, open at the forehead where the bangs hang.
  const lift = a.hair_style === 'bun' ? 6 : 0;
  const capTop = top + lift;
  // Its inner edge sits below the roots of the bangs, so no gap opens between them.
  const capInner = d`C ${CX + hw - 18} 214 ${CX + 70} ${capTop + 64} ${CX} ${capTop + 64} C ${CX - 70} ${capTop + 64} ${CX - hw + 18} 214 ${CX - hw + 8} 270 Z`;
  if (a.hair_style === 'spiky') {
    const pts: string[] = [];
    const count = 12;
    for (let i = 0; i <= count; i++) {
      const t = ((180 + (i / count) * 180) * Math.PI) / 180;
      const tip = i % 2 === 1 ? 14 : 0;
      const lean = (i % 2 === 1 ? 8 : 0) * side;
      pts.push(`${num(CX + Math.cos(t) * (hw + tip) + lean)} ${num(cy + Math.sin(t) * (cy - top + tip))}`);
    }
    parts.cap = `M ${num(CX - hw + 8)} 270 C ${num(CX - hw - 2)} 250 ${num(CX - hw)} 235 ${pts.join(' L ')} C ${num(CX + hw)} 235 ${num(CX + hw + 2)} 250 ${num(CX + hw - 8)} 270 ${capInner}`;
  } else {
    parts.cap = d`M ${CX - hw + 8} 270 C ${CX - hw - 2} 250 ${CX - hw} 235 ${CX - hw} ${cy}
      C ${CX - hw} ${cy - k * (cy - capTop)} ${CX - k * hw} ${capTop} ${CX} ${capTop}
      C ${CX + k * hw} ${capTop} ${CX + hw} ${cy - k * (cy - capTop)} ${CX + hw} ${cy}
      C ${CX + hw} 235 ${CX + hw + 2} 250 ${CX + hw - 8} 270 ` + ' ' + capInner;
  }

  /** The back of the head down to the nape (or further), mirrored left to right. */
  const dome = d`M ${CX} ${top} C ${CX - k * hw} ${top} ${CX - hw} ${cy - k * (cy - top)} ${CX - hw} ${cy}`;
  const symmetric = (left: string) => {
    const right = mirrorD(left);
    // Walk down the left side, then back up the right side in reverse.
    return `${left} ${reversePath(right)} Z`;
  };
  const nape = (bottom: number) =>
    symmetric(`${dome} ${d`C ${CX - hw} 268 ${CX - hw + 12} ${bottom - 24} ${CX - nw - 18} ${bottom} L ${CX - 26} ${bottom - 10} L ${CX} ${bottom + 4}`}`);

  switch (a.hair_style) {
    case 'short':
      parts.back.push(nape(a.gender_presentation === 'masculine' ? 318 : 336));
      break;
    case 'spiky': {
      const back: string[] = [];
      const count = 17;
      for (let i = 0; i <= count; i++) {
        const t = ((156 + (i / count) * 228) * Math.PI) / 180;
        const tip = i % 2 === 1 ? 32 : 4;
        const lean = (i % 2 === 1 ? 14 : 0) * side;
        back.push(`${num(CX + Math.cos(t) * (hw + tip) + lean)} ${num(cy + Math.sin(t) * (cy - top + tip * 0.7))}`);
      }
      parts.back.push(`M ${back.join(' L ')} ${d`L ${CX + hw - 10} 300 L ${CX + nw + 26} 334 L ${CX + 20} 320 L ${CX} 340 L ${CX - 20} 320 L ${CX - nw - 26} 334 L ${CX - hw + 10} 300`} Z`);
      break;
    }
    case 'bob':
      parts.back.push(symmetric(`${dome} ${d`C ${CX - hw} 290 ${CX - hw - 14} 350 ${CX - hw + 2} 376 Q ${CX - 60} 384 ${CX} 376`}`));
      break;
    case 'long':
      parts.back.push(symmetric(`${dome} ${d`C ${CX - hw - 4} 320 ${CX - S - 8} 390 ${CX - S - 22} 480 C ${CX - S - 34} 560 ${CX - S - 36} 640 ${CX - S - 30} 706
        L ${CX - S - 6} 680 L ${CX - S + 8} 716 L ${CX - 60} 700 L ${CX} 716`}`));
      break;
    case 'ponytail': {
      parts.back.push(nape(330));
      const tail = d`M ${CX + 50} ${top + 24} C ${CX + 132} ${top - 6} ${CX + 188} ${top + 60} ${CX + 178} ${top + 160}
        C ${CX + 170} ${top + 250} ${CX + 196} ${top + 330} ${CX + 166} ${top + 470}
        C ${CX + 160} ${top + 420} ${CX + 146} ${top + 390} ${CX + 140} ${top + 350}
        C ${CX + 130} ${top + 300} ${CX + 124} ${top + 260} ${CX + 126} ${top + 200}
        C ${CX + 128} ${top + 130} ${CX + 104} ${top + 84} ${CX + 50} ${top + 74} Z`;
      const crease = d`M ${CX + 156} ${top + 80} C ${CX + 164} ${top + 170} ${CX + 152} ${top + 260} ${CX + 170} ${top + 400}
        C ${CX + 142} ${top + 300} ${CX + 140} ${top + 200} ${CX + 156} ${top + 80} Z`;
      parts.tails.push(side > 0 ? tail : mirrorD(tail));
      parts.tailCreases.push(side > 0 ? crease : mirrorD(crease));
      const tx = CX + side * 92;
      parts.ties = g(
        ellipse(0, 0, 12, 17, { fill: p.accent, stroke: darken(p.accent, 0.5), 'stroke-width': 2 }) +
          path('M -5 -11 Q 1 0 -5 11 M 4 -12 Q 9 0 4 12', { stroke: p.accentShadow, 'stroke-width': 2, fill: 'none' }),
        { transform: `translate(${num(tx)} ${num(top + 26)}) rotate(${side * 50})` },
      );
      // The tie sits behind the crown: draw it with the tail, under the cap.
      c.tailTie = parts.ties;
      parts.ties = '';
      break;
    }
    case 'twintails': {
      parts.back.push(nape(330));
      const tail = d`M ${CX - hw + 18} ${top + 50} C ${CX - hw - 40} ${top + 36} ${CX - hw - 76} ${top + 110} ${CX - hw - 72} ${top + 200}
        C ${CX - hw - 68} ${top + 300} ${CX - hw - 88} ${top + 400} ${CX - hw - 56} ${top + 530}
        C ${CX - hw - 50} ${top + 470} ${CX - hw - 36} ${top + 440} ${CX - hw - 30} ${top + 400}
        C ${CX - hw - 22} ${top + 330} ${CX - hw - 22} ${top + 280} ${CX - hw - 22} ${top + 230}
        C ${CX - hw - 20} ${top + 150} ${CX - hw - 4} ${top + 100} ${CX - hw + 18} ${top + 96} Z`;
      const crease = d`M ${CX - hw - 52} ${top + 110} C ${CX - hw - 58} ${top + 210} ${CX - hw - 50} ${top + 320} ${CX - hw - 64} ${top + 450}
        C ${CX - hw - 36} ${top + 340} ${CX - hw - 36} ${top + 220} ${CX - hw - 52} ${top + 110} Z`;
      parts.tails.push(...both(tail));
      parts.tailCreases.push(...both(crease));
      parts.ties = bow(CX - hw + 2, top + 62, p.accent, 0.75, -60) + bow(CX + hw - 2, top + 62, p.accent, 0.75, 60);
      break;
    }
    case 'bun': {
      parts.back.push(nape(318));
      const bun = d`M ${CX - 42} ${top + 20} C ${CX - 52} ${top - 28} ${CX - 22} ${top - 56} ${CX} ${top - 56} C ${CX + 22} ${top - 56} ${CX + 52} ${top - 28} ${CX + 42} ${top + 20} Z`;
      parts.tails.push(bun);
      parts.tailCreases.push(d`M ${CX - 26} ${top - 22} C ${CX - 14} ${top - 44} ${CX + 20} ${top - 44} ${CX + 30} ${top - 14} C ${CX + 14} ${top - 30} ${CX - 8} ${top - 32} ${CX - 26} ${top - 22} Z`);
      parts.tailCreases.push(d`M ${CX - 34} ${top + 4} C ${CX - 20} ${top - 18} ${CX + 16} ${top - 20} ${CX + 34} ${top + 2} C ${CX + 14} ${top - 8} ${CX - 14} ${top - 8} ${CX - 34} ${top + 4} Z`);
      parts.ties = path(d`M ${CX - 38} ${top + 12} Q ${CX} ${top + 24} ${CX + 38} ${top + 12}`, { stroke: p.accent, 'stroke-width': 7, fill: 'none', 'stroke-linecap': 'round' });
      break;
    }
    case 'braid':
      parts.back.push(nape(330));
      break;
  }
  parts.bangs = bangsFor(c);
  const sides = sideParts(c);
  parts.sides = sides.sides;
  parts.sideCreases = sides.creases;
  if (c.braidTie) parts.ties += path(c.braidTie, { fill: p.accent, stroke: darken(p.accent, 0.5), 'stroke-width': 2 });
  return parts;
}

/** The same absolute M/L/C/Q path drawn backwards, without its M: to join a mirrored half onto its original. */
function reversePath(dd: string): string {
  const tokens = dd.match(/[MLCQZ]|-?\d+(?:\.\d+)?/g) ?? [];
  const segments: { cmd: string; pts: number[][] }[] = [];
  let cmd = '';
  let nums: number[] = [];
  const flush = () => {
    if (!cmd) return;
    const pts: number[][] = [];
    for (let i = 0; i + 1 < nums.length; i += 2) pts.push([nums[i]!, nums[i + 1]!]);
    const size = cmd === 'C' ? 3 : cmd === 'Q' ? 2 : 1;
    for (let i = 0; i < pts.length; i += size) segments.push({ cmd, pts: pts.slice(i, i + size) });
    nums = [];
  };
  for (const token of tokens) {
    if (/[MLCQZ]/.test(token)) {
      flush();
      cmd = token;
    } else nums.push(Number(token));
  }
  flush();
  // Each segment ends at its last point; reversed, it starts there and ends where the previous one ended.
  const ends = segments.map((seg) => seg.pts[seg.pts.length - 1]!);
  const out: string[] = [];
  for (let i = segments.length - 1; i >= 1; i--) {
    const seg = segments[i]!;
    const start = ends[i - 1]!;
    const ctrl = seg.pts.slice(0, -1).reverse();
    const cmdOut = seg.cmd === 'M' ? 'L' : seg.cmd;
    out.push(`${cmdOut} ${[...ctrl, start].map(([x, y]) => `${num(x!)} ${num(y!)}`).join(' ')}`);
  }
  return out.join(' ');
}

/** The highlight ring across the crown: a narrow zig-zag band of light. */
function hairShine(c: Ctx): string {
  const { geo } = c;
  const cy = 215;
  const hw = geo.hairW;
  const ry = cy - geo.hairTop;
  const upper: string[] = [];
  const lower: string[] = [];
  const count = 14;
  for (let i = 0; i <= count; i++) {
    const t = ((208 + (i / count) * 124) * Math.PI) / 180;
    upper.push(`${num(CX + Math.cos(t) * (hw - 10))} ${num(cy + Math.sin(t) * (ry - 24))}`);
    const drop = i % 2 === 0 ? 9 : 20;
    lower.unshift(`${num(CX + Math.cos(t) * (hw - 14))} ${num(cy + Math.sin(t) * (ry - 24 - drop))}`);
  }
  return `M ${upper.join(' L ')} L ${lower.join(' L ')} Z`;
}

function hairBackLayer(c: Ctx, parts: HairParts): string {
  const { p, id } = c;
  const stroke = { stroke: p.hairLine, 'stroke-width': 2.6, 'stroke-linejoin': 'round' } as const;
  let out = parts.back.map((dd) => path(dd, { fill: p.hairShadow, ...stroke })).join('');
  if (parts.tails.length) {
    c.defs.push(`<clipPath id="${id}-tails">${parts.tails.map((dd) => path(dd)).join('')}</clipPath>`);
    out += parts.tails.map((dd) => path(dd, { fill: p.hair, ...stroke })).join('');
    const shine = parts.tails.map((dd) => path(dd, { fill: 'none', stroke: p.hairHi, 'stroke-width': 5, opacity: 0.5, transform: 'translate(-5 3)' })).join('');
    out += g(parts.tailCreases.map((dd) => path(dd, { fill: p.hairShadow })).join('') + shine, { 'clip-path': `url(#${id}-tails)` });
  }
  out += c.tailTie ?? '';
  return out;
}

function hairFrontLayer(c: Ctx, parts: HairParts): string {
  const { p, id, a, geo } = c;
  const shapes = [parts.cap, ...parts.bangs.map(lockD), ...parts.sides];
  c.defs.push(`<clipPath id="${id}-hair">${shapes.map((dd) => path(dd)).join('')}</clipPath>`);
  const all = shapes.map((dd) => path(dd)).join('');
  const outline = g(all, { fill: p.hairLine, stroke: p.hairLine, 'stroke-width': 5.2, 'stroke-linejoin': 'round' });
  const fill = g(all, { fill: p.hair });
  let inner = g([...parts.bangs.map(creaseD), ...parts.sideCreases].map((dd) => path(dd)).join(''), { fill: p.hairShadow, opacity: 0.75 });
  // Fine strands from the crown down into the bangs.
  inner += parts.bangs
    .filter((_, i) => i % 2 === 1)
    .map((l) => path(d`M ${CX + (l.rx - CX) * 0.5} ${geo.hairTop + 14} Q ${l.rx + l.b * 0.4} ${l.ry + 10} ${l.tx + (l.rx - l.tx) * 0.25} ${l.ty - 24}`, { fill: 'none', stroke: p.hairShadow, 'stroke-width': 1.6, opacity: 0.6 }))
    .join('');
  inner += path(hairShine(c), { fill: p.hairHi, opacity: 0.8 });
  if (a.age === 'elder') {
    const streaks = [-74, -36, 10, 52, 84].map((x) =>
      path(d`M ${CX + x * 0.5} ${geo.hairTop + 4} Q ${CX + x * 1.02} ${geo.hairTop + 60} ${CX + x * 1.12} ${geo.eyeY - 36}`, { fill: 'none', stroke: '#f1f2f5', 'stroke-width': 4.5, opacity: 0.6, 'stroke-linecap': 'round' }),
    );
    inner += streaks.join('');
  }
  return outline + fill + g(inner, { 'clip-path': `url(#${id}-hair)` });
}

/** The shadow the bangs and side locks cast on the forehead and cheeks. */
function hairShadowOnFace(c: Ctx, parts: HairParts): string {
  const shapes = [parts.cap, ...parts.bangs.map(lockD), ...parts.sides];
  return g(shapes.map((dd) => path(dd)).join(''), { fill: c.p.skinShadow, transform: 'translate(2 10)' });
}

// ---------------------------------------------------------------------------------------------
// Eyes, brows, mouth

function eye(c: Ctx, f: Face, s: 1 | -1): string {
  const { geo, p, id } = c;
  const rx = geo.eyeRX;
  const ry = geo.eyeRY * f.open;
  const ex = CX + s * geo.eyeDX;
  const ey = geo.eyeY;
  const lid = (x: number, y: number) => [x, y + f.lidIn + ((f.lidOut - f.lidIn) * (x + rx)) / (2 * rx)] as const;
  if (f.closed) {
    const arc = d`M ${-0.95 * rx} ${0.12 * ry} Q ${0.05 * rx} ${-0.72 * ry} ${1.02 * rx} ${0.08 * ry}`;
    let out = path(arc, { fill: 'none', stroke: p.lash, 'stroke-width': geo.lashW + 0.6, 'stroke-linecap': 'round' });
    if (geo.wing) out += path(d`M ${0.86 * rx} ${-0.08 * ry} L ${1.22 * rx} ${-0.3 * ry}`, { stroke: p.lash, 'stroke-width': 3, 'stroke-linecap': 'round' });
    out += path(d`M ${-0.5 * rx} ${0.5 * ry} Q ${0.1 * rx} ${0.7 * ry} ${0.6 * rx} ${0.5 * ry}`, { fill: 'none', stroke: p.skinLine, 'stroke-width': 1.4, opacity: 0.4, 'stroke-linecap': 'round' });
    return g(out, { transform: `translate(${ex} ${ey}) scale(${s} 1)` });
  }
  const [p0x, p0y] = lid(-0.95 * rx, -0.05 * ry);
  const [c1x, c1y] = lid(-0.72 * rx, -0.8 * ry);
  const [c2x, c2y] = lid(-0.25 * rx, -1.02 * ry);
  const [p1x, p1y] = lid(0.08 * rx, -1.02 * ry);
  const [c3x, c3y] = lid(0.45 * rx, -1.02 * ry);
  const [c4x, c4y] = lid(0.86 * rx, -0.8 * ry);
  const [p2x, p2y] = lid(1.02 * rx, -0.42 * ry);
  const upper = d`M ${p0x} ${p0y} C ${c1x} ${c1y} ${c2x} ${c2y} ${p1x} ${p1y} C ${c3x} ${c3y} ${c4x} ${c4y} ${p2x} ${p2y}`;
  const white = `${upper} ${d`C ${1.0 * rx} ${0.35 * ry} ${0.55 * rx} ${0.93 * ry} ${0.02 * rx} ${0.93 * ry} C ${-0.5 * rx} ${0.93 * ry} ${-0.92 * rx} ${0.45 * ry} ${p0x} ${p0y} Z`}`;
  const clipId = `${id}-eye${s > 0 ? 'r' : 'l'}`;
  c.defs.push(`<clipPath id="${clipId}">${path(white)}</clipPath>`);
  const irx = 0.7 * rx * f.iris;
  const iry = 0.86 * geo.eyeRY * f.iris;
  const icx = f.lookX * s * rx * 0.42;
  const icy = 0.1 * ry + f.lookY * ry * 0.28;
  const hx = -s * irx * 0.36;
  let iris = ellipse(icx, icy, irx, iry, { fill: `url(#${id}-iris)`, stroke: p.eyeLine, 'stroke-width': 1.6 });
  iris += ellipse(icx, icy - iry * 0.05, irx * 0.46, iry * 0.52, { fill: p.eyeDark });
  iris += path(d`M ${icx - irx * 0.7} ${icy + iry * 0.35} Q ${icx} ${icy + iry * 0.95} ${icx + irx * 0.7} ${icy + iry * 0.35} Q ${icx} ${icy + iry * 0.7} ${icx - irx * 0.7} ${icy + iry * 0.35} Z`, { fill: p.eyeLight, opacity: 0.7 });
  iris += path(upper, { fill: 'none', stroke: p.eyeDark, 'stroke-width': 10, opacity: 0.28 });
  iris += ellipse(icx + hx, icy - iry * 0.42, irx * 0.34, iry * 0.26, { fill: '#ffffff' });
  iris += circle(icx - hx * 0.9, icy + iry * 0.38, Math.max(2, irx * 0.13), { fill: '#ffffff', opacity: 0.9 });
  if (f.lookY > 0.2 && f.brows[0].inner < -8) {
    // Teary eyes: an extra glint.
    iris += circle(icx + hx * 0.2, icy + iry * 0.1, irx * 0.12, { fill: '#ffffff', opacity: 0.85 });
  }
  let out = path(white, { fill: '#fdfcfb' });
  out += g(iris, { 'clip-path': `url(#${clipId})` });
  out += path(upper, { fill: 'none', stroke: p.lash, 'stroke-width': geo.lashW, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
  if (geo.wing) {
    out += path(d`M ${0.74 * rx} ${c4y - 0.05 * ry} L ${1.28 * rx} ${p2y - 0.42 * ry} L ${p2x} ${p2y + 1} Z`, { fill: p.lash, stroke: p.lash, 'stroke-width': 1.5, 'stroke-linejoin': 'round' });
    out += path(d`M ${0.2 * rx} ${p1y - 1} L ${0.3 * rx} ${p1y - 5}`, { stroke: p.lash, 'stroke-width': 2, 'stroke-linecap': 'round' });
  }
  out += path(d`M ${0.96 * rx} ${0.25 * ry} Q ${0.72 * rx} ${0.86 * ry} ${0.14 * rx} ${0.93 * ry}`, { fill: 'none', stroke: p.lash, 'stroke-width': 1.7, opacity: 0.7, 'stroke-linecap': 'round' });
  // The lid crease follows the lid.
  out += path(d`M ${-0.3 * rx} ${c2y - 6} Q ${0.35 * rx} ${c3y - 9} ${0.92 * rx} ${c4y - 5}`, { fill: 'none', stroke: p.skinLine, 'stroke-width': 1.4, opacity: 0.5, 'stroke-linecap': 'round' });
  return g(out, { transform: `translate(${ex} ${ey}) scale(${s} 1)` });
}

function brow(c: Ctx, b: Brow, s: 1 | -1): string {
  const { geo, p } = c;
  const rx = geo.eyeRX;
  const ex = CX + s * geo.eyeDX;
  const base = geo.eyeY - geo.eyeRY - geo.browGap;
  const t = geo.browW;
  const xi = -0.78 * rx;
  const yi = b.inner;
  const xo = 1.18 * rx;
  const yo = 6 + b.outer;
  const xc = 0.2 * rx;
  const yc = (yi + yo) / 2 - b.arch - 2;
  const dd = d`M ${xi} ${yi - t / 2} Q ${xc} ${yc - t * 0.6} ${xo} ${yo} Q ${xc} ${yc + t * 0.45} ${xi} ${yi + t / 2} Z`;
  return path(dd, { fill: p.brow, stroke: p.brow, 'stroke-width': 1.6, 'stroke-linejoin': 'round', transform: `translate(${ex} ${base}) scale(${s} 1)` });
}

function mouth(c: Ctx, f: Face): string {
  const { geo, p, id } = c;
  const my = geo.mouthY;
  const line = { fill: 'none', stroke: p.skinLine, 'stroke-width': 2.3, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' } as const;
  const wide = c.a.gender_presentation === 'masculine' ? 1.1 : 1;
  switch (f.mouth) {
    case 'open': {
      const shape = d`M ${CX - 19 * wide} ${my - 3} Q ${CX} ${my + 1} ${CX + 19 * wide} ${my - 3} Q ${CX + 15} ${my + 22} ${CX} ${my + 22} Q ${CX - 15} ${my + 22} ${CX - 19 * wide} ${my - 3} Z`;
      c.defs.push(`<clipPath id="${id}-mouth">${path(shape)}</clipPath>`);
      const inner = ellipse(CX, my + 20, 12, 8, { fill: p.tongue }) + path(d`M ${CX - 20} ${my - 6} L ${CX + 20} ${my - 6} L ${CX + 18} ${my + 3} Q ${CX} ${my + 6} ${CX - 18} ${my + 3} Z`, { fill: '#ffffff' });
      return path(shape, { fill: p.mouth }) + g(inner, { 'clip-path': `url(#${id}-mouth)` }) + path(shape, { ...line, 'stroke-width': 2 });
    }
    case 'frown':
      return path(d`M ${CX - 13} ${my + 5} Q ${CX - 6} ${my - 3} ${CX} ${my - 3} Q ${CX + 6} ${my - 3} ${CX + 13} ${my + 5}`, line) +
        path(d`M ${CX - 5} ${my + 3} Q ${CX} ${my + 1} ${CX + 5} ${my + 3}`, { ...line, 'stroke-width': 1.2, opacity: 0.5 });
    case 'grit': {
      const shape = d`M ${CX - 20} ${my - 2} Q ${CX} ${my - 8} ${CX + 20} ${my - 2} L ${CX + 17} ${my + 12} Q ${CX} ${my + 8} ${CX - 17} ${my + 12} Z`;
      const teeth = path(d`M ${CX - 19} ${my + 3} Q ${CX} ${my} ${CX + 19} ${my + 3}`, { ...line, 'stroke-width': 1.4 }) +
        [-10, 0, 10].map((x) => path(d`M ${CX + x} ${my - 6} L ${CX + x} ${my + 10}`, { ...line, 'stroke-width': 1.2 })).join('');
      return path(shape, { fill: '#ffffff' }) + teeth + path(shape, { ...line, 'stroke-width': 2.2 });
    }
    case 'o': {
      const shape = d`M ${CX} ${my - 6} C ${CX + 12} ${my - 6} ${CX + 12} ${my + 20} ${CX} ${my + 20} C ${CX - 12} ${my + 20} ${CX - 12} ${my - 6} ${CX} ${my - 6} Z`;
      c.defs.push(`<clipPath id="${id}-mouth">${path(shape)}</clipPath>`);
      return path(shape, { fill: p.mouth }) + g(ellipse(CX, my + 19, 8, 6, { fill: p.tongue }), { 'clip-path': `url(#${id}-mouth)` }) + path(shape, { ...line, 'stroke-width': 2.2 });
    }
    case 'flat': {
      const o = c.side * 7;
      return path(d`M ${CX - 8 + o} ${my + 2} Q ${CX + o} ${my + 1} ${CX + 9 + o} ${my - 1}`, line);
    }
    case 'wavy':
      return path(d`M ${CX - 13} ${my + 2} Q ${CX - 9.5} ${my - 3} ${CX - 6.5} ${my + 1} Q ${CX - 3.2} ${my + 5} ${CX} ${my + 1} Q ${CX + 3.2} ${my - 3} ${CX + 6.5} ${my + 1} Q ${CX + 9.5} ${my + 5} ${CX + 13} ${my}`, { ...line, 'stroke-width': 2 });
    default: {
      const w = c.a.gender_presentation === 'masculine' ? 10 : 11;
      return path(d`M ${CX - w} ${my} Q ${CX} ${my + 6} ${CX + w} ${my}`, line);
    }
  }
}

function nose(c: Ctx): string {
  const { geo, p } = c;
  const y = geo.noseY;
  const long = c.a.gender_presentation === 'masculine' ? 4 : 0;
  return path(d`M ${CX + 2} ${y - 10 - long} Q ${CX + 6} ${y - 1} ${CX - 1} ${y + 2}`, { fill: 'none', stroke: p.skinLine, 'stroke-width': 2, opacity: 0.6, 'stroke-linecap': 'round' }) +
    path(d`M ${CX - 3} ${y - 8} L ${CX - 3} ${y - 4}`, { stroke: '#ffffff', 'stroke-width': 2, opacity: 0.35, 'stroke-linecap': 'round' });
}

function blush(c: Ctx, f: Face): string {
  const { geo, p, id } = c;
  const amount = f.blush * (c.a.gender_presentation === 'masculine' && f.blush < 1 ? 0.4 : 1) * (c.a.age === 'child' ? 1.3 : 1);
  if (amount <= 0) return '';
  c.defs.push(`<radialGradient id="${id}-blush"><stop offset="0" stop-color="${p.blush}" stop-opacity="0.75"/><stop offset="1" stop-color="${p.blush}" stop-opacity="0"/></radialGradient>`);
  const y = geo.eyeY + geo.eyeRY + 14;
  const x = geo.eyeDX + 10;
  let out = [-1, 1].map((s) => ellipse(CX + s * x, y, 30, 14, { fill: `url(#${id}-blush)`, opacity: Math.min(1, amount) })).join('');
  if (f.blush >= 1) {
    out += [-1, 1].map((s) => ellipse(CX + s * x, y, 24, 10, { fill: p.blush, opacity: 0.45 })).join('');
    const hatch = [-14, -5, 4, 13]
      .map((o) => d`M ${CX + o - 3} ${y + 6} L ${CX + o + 4} ${y - 6}`)
      .map((dd) => [path(dd, { transform: `translate(${-x} 0)` }), path(dd, { transform: `translate(${x} 0)` })].join(''))
      .join('');
    out += g(hatch, { stroke: darken(p.blush, 0.25), 'stroke-width': 2, 'stroke-linecap': 'round', opacity: 0.8 });
  }
  return out;
}

function tears(c: Ctx): string {
  const { geo } = c;
  const rx = geo.eyeRX;
  const ry = geo.eyeRY;
  const one = (s: 1 | -1) => {
    const stream = d`M ${0.22 * rx} ${0.82 * ry} C ${0.4 * rx} ${1.5 * ry} ${0.2 * rx} ${2.1 * ry} ${0.36 * rx} ${2.7 * ry}
      C ${0.55 * rx} ${2.1 * ry} ${0.75 * rx} ${1.5 * ry} ${0.62 * rx} ${0.78 * ry} Z`;
    const drop = d`M ${0.36 * rx} ${2.6 * ry} C ${0.5 * rx} ${2.9 * ry} ${0.62 * rx} ${3.05 * ry} ${0.36 * rx} ${3.15 * ry} C ${0.1 * rx} ${3.05 * ry} ${0.22 * rx} ${2.9 * ry} ${0.36 * rx} ${2.6 * ry} Z`;
    const pool = d`M ${-0.55 * rx} ${0.8 * ry} Q ${0.1 * rx} ${1.06 * ry} ${0.85 * rx} ${0.6 * ry}`;
    return g(
      path(pool, { fill: 'none', stroke: '#bfe6ff', 'stroke-width': 4, opacity: 0.9, 'stroke-linecap': 'round' }) +
        path(stream, { fill: '#a9dcff', stroke: '#5ea8e6', 'stroke-width': 1.2, opacity: 0.9 }) +
        path(drop, { fill: '#a9dcff', stroke: '#5ea8e6', 'stroke-width': 1.2 }) +
        path(d`M ${0.42 * rx} ${1.2 * ry} L ${0.4 * rx} ${1.8 * ry}`, { stroke: '#ffffff', 'stroke-width': 1.6, 'stroke-linecap': 'round', opacity: 0.9 }),
      { transform: `translate(${CX + s * geo.eyeDX} ${geo.eyeY}) scale(${s} 1)` },
    );
  };
  return one(-1) + one(1);
}

function elderLines(c: Ctx): string {
  const { geo, p } = c;
  const rx = geo.eyeRX;
  const style = { fill: 'none', stroke: p.skinLine, 'stroke-width': 1.6, opacity: 0.45, 'stroke-linecap': 'round' } as const;
  const side = (s: 1 | -1) =>
    g(
      path(d`M ${1.22 * rx} ${-2} L ${1.55 * rx} ${-6}`, style) +
        path(d`M ${1.24 * rx} ${5} L ${1.56 * rx} ${8}`, style) +
        path(d`M ${-0.4 * rx} ${geo.eyeRY + 6} Q ${0.2 * rx} ${geo.eyeRY + 11} ${0.8 * rx} ${geo.eyeRY + 4}`, style),
      { transform: `translate(${CX + s * geo.eyeDX} ${geo.eyeY}) scale(${s} 1)` },
    );
  const folds = both(d`M ${CX - 20} ${geo.noseY + 6} Q ${CX - 30} ${geo.mouthY - 4} ${CX - 27} ${geo.mouthY + 8}`).map((dd) => path(dd, style)).join('');
  return side(-1) + side(1) + folds;
}

// ---------------------------------------------------------------------------------------------
// Emotion extras

function angerMark(x: number, y: number): string {
  const piece = 'M -14 -4 Q -4 -4 -4 -14';
  const pieces = [0, 90, 180, 270].map((r) => path(piece, { transform: `rotate(${r})` })).join('');
  return g(pieces, { transform: `translate(${x} ${y})`, fill: 'none', stroke: '#e2323e', 'stroke-width': 4.5, 'stroke-linecap': 'round' });
}

function sweatDrop(x: number, y: number): string {
  return g(
    path('M 0 -16 C 6 -6 11 1 11 8 C 11 15 6 19 0 19 C -6 19 -11 15 -11 8 C -11 1 -6 -6 0 -16 Z', { fill: '#c4e8ff', stroke: '#4f94d4', 'stroke-width': 2 }) +
      ellipse(-4, 8, 2.6, 4.5, { fill: '#ffffff' }),
    { transform: `translate(${x} ${y})` },
  );
}

function shockLines(c: Ctx): string {
  const y = c.geo.hairTop + 20;
  const one = d`M ${CX - 132} ${y + 6} L ${CX - 150} ${y - 4} M ${CX - 126} ${y - 14} L ${CX - 138} ${y - 32} M ${CX - 138} ${y + 28} L ${CX - 158} ${y + 26}`;
  return both(one).map((dd) => path(dd, { stroke: '#3a3040', 'stroke-width': 3.5, 'stroke-linecap': 'round', fill: 'none' })).join('');
}

function sparkle(x: number, y: number, r: number): string {
  return path(d`M ${x} ${y - r} Q ${x + r * 0.18} ${y - r * 0.18} ${x + r} ${y} Q ${x + r * 0.18} ${y + r * 0.18} ${x} ${y + r} Q ${x - r * 0.18} ${y + r * 0.18} ${x - r} ${y} Q ${x - r * 0.18} ${y - r * 0.18} ${x} ${y - r} Z`, { fill: '#ffe27a', stroke: '#e0a93a', 'stroke-width': 1.5 });
}

// ---------------------------------------------------------------------------------------------
// Body and outfits

function torsoD(geo: Geo, neckline: string): string {
  const S = geo.shoulderW;
  const nw = geo.neckW;
  return d`M ${CX - nw - 2} 396 C ${CX - nw - 14} 420 ${CX - S + 40} 426 ${CX - S + 8} 438
    C ${CX - S - 16} 448 ${CX - S - 25} 480 ${CX - S - 25} 525 C ${CX - S - 27} 640 ${CX - S - 30} 780 ${CX - S - 22} 940 L ${CX + S + 22} 940 C ${CX + S + 30} 780 ${CX + S + 27} 640 ${CX + S + 25} 525
    C ${CX + S + 25} 480 ${CX + S + 16} 448 ${CX + S - 8} 438 C ${CX + S - 40} 426 ${CX + nw + 14} 420 ${CX + nw + 2} 396 ` + neckline + ' Z';
}

const crewNeck = (geo: Geo, depth = 428) =>
  d`C ${CX + geo.neckW + 2} ${depth - 14} ${CX + 14} ${depth} ${CX} ${depth} C ${CX - 14} ${depth} ${CX - geo.neckW - 2} ${depth - 14} ${CX - geo.neckW - 2} 396`;
const vNeck = (geo: Geo, depth: number) => d`L ${CX} ${depth} L ${CX - geo.neckW - 2} 396`;

/** Shading shared by every outfit: the arms against the body, the far side in shadow. */
function armShading(c: Ctx, shadow: string, line: string, light?: string): string {
  const S = c.geo.shoulderW;
  const nw = c.geo.neckW;
  // Light from the upper left catches the left shoulder.
  const shine = light
    ? path(d`M ${CX - nw - 20} 424 C ${CX - S + 44} 432 ${CX - S + 6} 444 ${CX - S - 14} 478`, { fill: 'none', stroke: light, 'stroke-width': 8, opacity: 0.55, 'stroke-linecap': 'round' })
    : '';
  const strip = d`M ${CX - S + 4} 510 C ${CX - S + 16} 600 ${CX - S + 20} 760 ${CX - S + 22} 940 L ${CX - S + 40} 940 C ${CX - S + 38} 760 ${CX - S + 30} 610 ${CX - S + 4} 510 Z`;
  const edge = d`M ${CX - S + 4} 512 C ${CX - S + 16} 600 ${CX - S + 20} 760 ${CX - S + 22} 940`;
  const fold = d`M ${CX - S - 14} 600 Q ${CX - S - 4} 640 ${CX - S - 8} 700`;
  return shine + both(strip).map((dd) => path(dd, { fill: shadow })).join('') +
    path(d`M ${CX + S - 30} 470 C ${CX + S - 10} 560 ${CX + S - 16} 700 ${CX + S - 24} 940 L ${CX + S + 30} 940 L ${CX + S + 26} 520 C ${CX + S + 18} 480 ${CX + S} 470 ${CX + S - 30} 470 Z`, { fill: shadow, opacity: 0.5 }) +
    both(edge).map((dd) => path(dd, { fill: 'none', stroke: line, 'stroke-width': 2, 'stroke-linecap': 'round' })).join('') +
    both(fold).map((dd) => path(dd, { fill: 'none', stroke: line, 'stroke-width': 1.6, opacity: 0.5, 'stroke-linecap': 'round' })).join('');
}

interface Outfit {
  back: string;
  body: string;
}

function clothBody(c: Ctx, neckline: string, fill: string, shadow: string, line: string): string {
  const name = 'torso';
  const light = fill === SHIRT ? '#ffffff' : lighten(fill, 0.22);
  const dd = torsoD(c.geo, neckline);
  c.defs.push(`<clipPath id="${c.id}-${name}">${path(dd)}</clipPath>`);
  return path(dd, { fill, stroke: line, 'stroke-width': 2.6, 'stroke-linejoin': 'round' }) + g(armShading(c, shadow, line, light), { 'clip-path': `url(#${c.id}-${name})` });
}

function shirtCollar(c: Ctx, depth = 432, spread = 34): string {
  const nw = c.geo.neckW;
  const left = d`M ${CX - nw - 4} 394 L ${CX - 2} ${depth} L ${CX - spread} ${depth + 30} L ${CX - nw - 18} 418 Z`;
  return both(left).map((dd) => path(dd, { fill: SHIRT, stroke: SHIRT_LINE, 'stroke-width': 2, 'stroke-linejoin': 'round' })).join('');
}

function tie(c: Ctx, color: string, y0: number, length: number): string {
  const knot = d`M ${CX - 9} ${y0} L ${CX + 9} ${y0} L ${CX + 7} ${y0 + 16} L ${CX - 7} ${y0 + 16} Z`;
  const blade = d`M ${CX - 7} ${y0 + 16} L ${CX + 7} ${y0 + 16} L ${CX + 16} ${y0 + length} L ${CX} ${y0 + length + 16} L ${CX - 16} ${y0 + length} Z`;
  const clipId = `${c.id}-tie`;
  c.defs.push(`<clipPath id="${clipId}">${path(blade)}</clipPath>`);
  let stripes = '';
  for (let y = y0 + 24; y < y0 + length + 20; y += 22) stripes += path(d`M ${CX - 20} ${y} L ${CX + 20} ${y - 16}`, { stroke: lighten(color, 0.35), 'stroke-width': 4 });
  const line = darken(color, 0.55);
  return path(blade, { fill: color, stroke: line, 'stroke-width': 2 }) + g(stripes, { 'clip-path': `url(#${clipId})`, opacity: 0.8 }) +
    path(knot, { fill: darken(color, 0.12), stroke: line, 'stroke-width': 2, 'stroke-linejoin': 'round' });
}

function bow(x: number, y: number, color: string, scale = 1, rotate = 0): string {
  const line = darken(color, 0.5);
  const loop = 'M 0 0 C -10 -16 -34 -18 -32 -2 C -30 12 -12 10 0 0 Z';
  const tail = 'M -3 3 L -16 34 L -6 30 L 2 36 L 3 4 Z';
  return g(
    path(tail, { fill: darken(color, 0.1), stroke: line, 'stroke-width': 2, 'stroke-linejoin': 'round' }) +
      path(tail, { fill: darken(color, 0.1), stroke: line, 'stroke-width': 2, 'stroke-linejoin': 'round', transform: 'scale(-1 1)' }) +
      path(loop, { fill: color, stroke: line, 'stroke-width': 2 }) +
      path(loop, { fill: color, stroke: line, 'stroke-width': 2, transform: 'scale(-1 1)' }) +
      path('M -20 -4 Q -12 -2 -8 2', { fill: 'none', stroke: darken(color, 0.25), 'stroke-width': 1.6 }) +
      path('M 20 -4 Q 12 -2 8 2', { fill: 'none', stroke: darken(color, 0.25), 'stroke-width': 1.6 }) +
      ellipse(0, 0, 7, 8, { fill: darken(color, 0.08), stroke: line, 'stroke-width': 2 }),
    { transform: `translate(${num(x)} ${num(y)}) rotate(${rotate}) scale(${scale})` },
  );
}

function sailorUniform(c: Ctx): Outfit {
  const { geo, p } = c;
  const S = geo.shoulderW;
  const nw = geo.neckW;
  let body = clothBody(c, vNeck(geo, 500), SHIRT, SHIRT_SHADOW, SHIRT_LINE);
  // A panel fills the bottom of the V.
  body += path(d`M ${CX - 30} 466 L ${CX + 30} 466 L ${CX} 505 Z`, { fill: p.cloth, stroke: p.clothLine, 'stroke-width': 1.6 });
  const flap = d`M ${CX - nw - 2} 396 L ${CX} 502 L ${CX - 4} 532 C ${CX - 34} 504 ${CX - S * 0.62} 476 ${CX - S + 10} 446
    C ${CX - S + 34} 428 ${CX - nw - 24} 410 ${CX - nw - 2} 396 Z`;
  const stripe = (o: number) => d`M ${CX - 10} ${520 - o} C ${CX - 38} ${494 - o} ${CX - S * 0.6} ${468 - o} ${CX - S + 20 + o * 0.4} ${444 - o * 0.8}`;
  body += both(flap).map((dd) => path(dd, { fill: p.cloth, stroke: p.clothLine, 'stroke-width': 2.4, 'stroke-linejoin': 'round' })).join('');
  body += [...both(stripe(8)), ...both(stripe(15))].map((dd) => path(dd, { fill: 'none', stroke: '#f4f4f8', 'stroke-width': 2.6 })).join('');
  body += bow(CX, 512, p.accent, 1.05);
  return { back: '', body };
}

function tieUniform(c: Ctx): Outfit {
  const { geo, p } = c;
  const S = geo.shoulderW;
  let body = clothBody(c, crewNeck(geo, 424), SHIRT, SHIRT_SHADOW, SHIRT_LINE);
  body += tie(c, p.accent, 424, 170);
  const vest = d`M ${CX - S + 26} 470 C ${CX - 80} 452 ${CX - 52} 440 ${CX - 40} 436 L ${CX} 590 L ${CX + 40} 436 C ${CX + 52} 440 ${CX + 80} 452 ${CX + S - 26} 470
    C ${CX + S - 14} 600 ${CX + S - 14} 760 ${CX + S - 12} 940 L ${CX - S + 12} 940 C ${CX - S + 14} 760 ${CX - S + 14} 600 ${CX - S + 26} 470 Z`;
  body += path(vest, { fill: p.cloth, stroke: p.clothLine, 'stroke-width': 2.4, 'stroke-linejoin': 'round' });
  body += path(d`M ${CX - 40} 436 L ${CX} 590 L ${CX + 40} 436`, { fill: 'none', stroke: p.clothShadow, 'stroke-width': 7 });
  body += path(d`M ${CX + S - 40} 500 C ${CX + S - 26} 620 ${CX + S - 24} 760 ${CX + S - 22} 940 L ${CX + S - 12} 940 C ${CX + S - 14} 760 ${CX + S - 14} 600 ${CX + S - 26} 470 Z`, { fill: p.clothShadow, opacity: 0.7 });
  body += shirtCollar(c, 428, 30);
  // A school crest on the vest.
  body += path(d`M ${CX + 50} 540 L ${CX + 70} 540 L ${CX + 70} 556 Q ${CX + 60} 566 ${CX + 50} 556 Z`, { fill: GOLD, stroke: darken(GOLD, 0.5), 'stroke-width': 1.5 });
  return { back: '', body };
}

function jacket(c: Ctx, suit: boolean): Outfit {
  const { geo, p } = c;
  const S = geo.shoulderW;
  const nw = geo.neckW;
  const depth = suit ? 640 : 600;
  let body = clothBody(c, vNeck(geo, depth), p.cloth, p.clothShadow, p.clothLine);
  const shirt = d`M ${CX - nw - 6} 396 Q ${CX} 434 ${CX + nw + 6} 396 L ${CX + 64} 470 L ${CX} ${depth + 6} L ${CX - 64} 470 Z`;
  body += path(shirt, { fill: SHIRT, stroke: SHIRT_LINE, 'stroke-width': 1.5 });
  body += path(d`M ${CX} 440 L ${CX} ${depth}`, { stroke: SHIRT_SHADOW, 'stroke-width': 2 });
  const feminineBow = !suit && c.a.gender_presentation === 'feminine';
  if (!feminineBow) body += tie(c, suit ? p.accent : p.accentShadow, 426, depth - 470);
  body += shirtCollar(c, 430, 32);
  if (feminineBow) body += bow(CX, 438, p.accent, 0.9);
  const lapelW = suit ? 40 : 52;
  const lapel = d`M ${CX - nw - 2} 396 L ${CX - 2} ${depth} L ${CX - 10} ${depth + 4} L ${CX - lapelW - 22} 498
    L ${CX - lapelW - 8} 482 L ${CX - lapelW - 16} 470 L ${CX - nw - 26} 412 Z`;
  body += both(lapel).map((dd) => path(dd, { fill: p.clothHi, stroke: p.clothLine, 'stroke-width': 2.4, 'stroke-linejoin': 'round' })).join('');
  body += both(d`M ${CX - nw - 18} 408 L ${CX - lapelW - 10} 474`).map((dd) => path(dd, { stroke: p.clothLine, 'stroke-width': 1.6, opacity: 0.6 })).join('');
  body += path(d`M ${CX} ${depth + 4} L ${CX + 4} 940`, { stroke: p.clothLine, 'stroke-width': 2.4 });
  const buttons = suit ? [depth + 60] : [depth + 40, depth + 120];
  body += buttons.map((y) => circle(CX - 12, y, 6, { fill: suit ? darken(p.cloth, 0.3) : GOLD, stroke: p.clothLine, 'stroke-width': 1.6 })).join('');
  body += both(d`M ${CX - S + 44} 800 L ${CX - 50} 804`).map((dd) => path(dd, { stroke: p.clothLine, 'stroke-width': 2.2, opacity: 0.8 })).join('');
  if (suit) {
    body += path(d`M ${CX + 52} 560 L ${CX + 98} 556`, { stroke: p.clothLine, 'stroke-width': 2 });
    body += path(d`M ${CX + 58} 558 L ${CX + 66} 540 L ${CX + 76} 552 L ${CX + 86} 538 L ${CX + 92} 557 Z`, { fill: SHIRT, stroke: SHIRT_LINE, 'stroke-width': 1.5, 'stroke-linejoin': 'round' });
  } else {
    body += path(d`M ${CX + 54} 560 L ${CX + 100} 556`, { stroke: p.clothLine, 'stroke-width': 2 });
    body += path(d`M ${CX + 66} 526 L ${CX + 86} 526 L ${CX + 86} 542 Q ${CX + 76} 552 ${CX + 66} 542 Z`, { fill: GOLD, stroke: darken(GOLD, 0.5), 'stroke-width': 1.5 });
  }
  return { back: '', body };
}

function hoodie(c: Ctx): Outfit {
  const { geo, p } = c;
  const nw = geo.neckW;
  const back = path(d`M ${CX - 100} 440 C ${CX - 108} 380 ${CX - 64} 364 ${CX} 364 C ${CX + 64} 364 ${CX + 108} 380 ${CX + 100} 440 Z`, { fill: p.clothShadow, stroke: p.clothLine, 'stroke-width': 2.4 });
  let body = clothBody(c, crewNeck(geo, 430), p.cloth, p.clothShadow, p.clothLine);
  const rim = d`M ${CX - 104} 430 C ${CX - 96} 486 ${CX - 44} 504 ${CX} 504 C ${CX + 44} 504 ${CX + 96} 486 ${CX + 104} 430
    C ${CX + 84} 408 ${CX + nw + 22} 400 ${CX + nw + 6} 402 C ${CX + nw + 8} 428 ${CX + 18} 438 ${CX} 438
    C ${CX - 18} 438 ${CX - nw - 8} 428 ${CX - nw - 6} 402 C ${CX - nw - 22} 400 ${CX - 84} 408 ${CX - 104} 430 Z`;
  body += path(rim, { fill: p.cloth, stroke: p.clothLine, 'stroke-width': 2.4, 'stroke-linejoin': 'round' });
  body += path(d`M ${CX - 96} 446 C ${CX - 80} 486 ${CX - 40} 498 ${CX} 498 C ${CX + 40} 498 ${CX + 80} 486 ${CX + 96} 446`, { fill: 'none', stroke: p.clothShadow, 'stroke-width': 6, opacity: 0.8 });
  const cord = (x: number, len: number) =>
    path(d`M ${x} 474 Q ${x - 4} ${474 + len / 2} ${x + 2} ${474 + len}`, { fill: 'none', stroke: SHIRT, 'stroke-width': 4, 'stroke-linecap': 'round' }) +
    path(d`M ${x - 2} ${470 + len} L ${x + 6} ${470 + len} L ${x + 5} ${488 + len} L ${x - 1} ${488 + len} Z`, { fill: '#c9ccd6', stroke: SHIRT_LINE, 'stroke-width': 1.2 }) +
    circle(x, 474, 4, { fill: p.clothShadow, stroke: p.clothLine, 'stroke-width': 1.5 });
  body += cord(CX - 22, 110) + cord(CX + 22, 96);
  const pocket = d`M ${CX - 112} 940 L ${CX - 96} 790 C ${CX - 40} 780 ${CX + 40} 780 ${CX + 96} 790 L ${CX + 112} 940`;
  body += path(pocket + ' Z', { fill: p.clothHi, opacity: 0.35 });
  body += path(pocket, { fill: 'none', stroke: p.clothLine, 'stroke-width': 2.4 });
  body += both(d`M ${CX - 96} 790 Q ${CX - 70} 840 ${CX - 78} 940`).map((dd) => path(dd, { fill: 'none', stroke: p.clothLine, 'stroke-width': 2 })).join('');
  return { back, body };
}

function kimono(c: Ctx): Outfit {
  const { geo, p, id } = c;
  const S = geo.shoulderW;
  const nw = geo.neckW;
  const cross = 474;
  let body = clothBody(c, vNeck(geo, cross), p.cloth, p.clothShadow, p.clothLine);
  // A scatter of small flowers over the cloth.
  let flowers = '';
  const petal = lighten(p.cloth, 0.45);
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 6; col++) {
      const x = CX - S - 20 + col * 62 + (row % 2) * 31;
      const y = 440 + row * 62;
      const r = 7;
      let flower = '';
      for (let k = 0; k < 5; k++) {
        const a = (k / 5) * Math.PI * 2;
        flower += circle(x + Math.cos(a) * r, y + Math.sin(a) * r, r * 0.7);
      }
      flowers += g(flower, { fill: petal }) + circle(x, y, 3, { fill: GOLD });
    }
  }
  body += g(flowers, { 'clip-path': `url(#${id}-torso)`, opacity: 0.6 });
  const collar = p.accent;
  const collarLine = darken(collar, 0.5);
  // The neckline crosses left over right, like a "y": the panel from the viewer's right lies on top.
  // Along each edge: white under-collar on the skin side, the collar band on the cloth side.
  const ax = CX + nw + 2;
  const bx = CX - nw - 2;
  const slope = (cross - 396) / (nw + 2);
  const endY = 720;
  const endX = CX - (endY - 396) / slope;
  body += path(bandD(bx, 396, CX, cross, -15), { fill: collar, stroke: collarLine, 'stroke-width': 1.8 });
  body += path(bandD(bx, 396, CX, cross, 8), { fill: SHIRT, stroke: SHIRT_LINE, 'stroke-width': 1.5 });
  body += path(bandD(ax, 396, CX, cross, -8), { fill: SHIRT, stroke: SHIRT_LINE, 'stroke-width': 1.5 });
  body += path(bandD(ax, 396, endX, endY, 15), { fill: collar, stroke: collarLine, 'stroke-width': 1.8 });
  body += path(d`M ${endX + 14} ${endY} L ${CX + 6} ${cross + 40}`, { stroke: p.clothShadow, 'stroke-width': 5, opacity: 0.7 });
  // The obi wraps the waist between the arms, with a thin obiage above it and a cord across.
  const panel = d`M ${CX - S + 4} 510 C ${CX - S + 16} 600 ${CX - S + 20} 760 ${CX - S + 22} 940 L ${CX + S - 22} 940 C ${CX + S - 20} 760 ${CX + S - 16} 600 ${CX + S - 4} 510 Z`;
  c.defs.push(`<clipPath id="${id}-panel">${path(panel)}</clipPath>`);
  const obiColor = mix(p.accent, p.cloth, 0.15);
  let obi = path(d`M ${CX - S} 696 L ${CX + S} 696 L ${CX + S} 712 L ${CX - S} 712 Z`, { fill: lighten(obiColor, 0.55), stroke: p.clothLine, 'stroke-width': 1.6 });
  obi += path(d`M ${CX - S} 710 L ${CX + S} 710 L ${CX + S} 830 L ${CX - S} 830 Z`, { fill: obiColor, stroke: darken(obiColor, 0.55), 'stroke-width': 2.2 });
  obi += path(d`M ${CX - S} 734 L ${CX + S} 734 M ${CX - S} 806 L ${CX + S} 806`, { stroke: darken(obiColor, 0.25), 'stroke-width': 2 });
  obi += path(d`M ${CX - S} 770 L ${CX + S} 770`, { stroke: GOLD, 'stroke-width': 5 });
  obi += path(d`M ${CX - S} 830 L ${CX + S} 830 L ${CX + S} 850 L ${CX - S} 850 Z`, { fill: p.clothShadow, opacity: 0.5 });
  body += g(obi, { 'clip-path': `url(#${id}-panel)` });
  body += ellipse(CX + 20, 770, 11, 8, { fill: GOLD, stroke: darken(GOLD, 0.5), 'stroke-width': 1.5 });
  // Wide sleeves hang over the ends of the obi.
  const sleeve = d`M ${CX - S + 8} 438 C ${CX - S - 16} 448 ${CX - S - 25} 480 ${CX - S - 25} 525 C ${CX - S - 27} 640 ${CX - S - 30} 780 ${CX - S - 22} 940 L ${CX - S + 34} 940
    C ${CX - S + 30} 820 ${CX - S + 26} 700 ${CX - S + 18} 640 C ${CX - S + 12} 590 ${CX - S + 8} 540 ${CX - S + 8} 438 Z`;
  const sleeves = both(sleeve);
  c.defs.push(`<clipPath id="${id}-sleeves">${sleeves.map((dd) => path(dd)).join('')}</clipPath>`);
  body += sleeves.map((dd) => path(dd, { fill: p.cloth })).join('');
  body += g(g(flowers, { opacity: 0.6 }) + path(mirrorD(sleeve), { fill: p.clothShadow, opacity: 0.45 }), { 'clip-path': `url(#${id}-sleeves)` });
  const sleeveEdge = d`M ${CX - S + 34} 940 C ${CX - S + 30} 820 ${CX - S + 26} 700 ${CX - S + 18} 640 C ${CX - S + 12} 590 ${CX - S + 8} 540 ${CX - S + 6} 500`;
  body += both(sleeveEdge).map((dd) => path(dd, { fill: 'none', stroke: p.clothLine, 'stroke-width': 2.4, 'stroke-linecap': 'round' })).join('');
  body += both(d`M ${CX - S + 40} 940 C ${CX - S + 36} 840 ${CX - S + 34} 740 ${CX - S + 26} 660`).map((dd) => path(dd, { fill: 'none', stroke: p.clothShadow, 'stroke-width': 6, opacity: 0.6 })).join('');
  return { back: '', body };
}

function dress(c: Ctx): Outfit {
  const { geo, p, id } = c;
  const S = geo.shoulderW;
  const nw = geo.neckW;
  // Bare arms under short puffed sleeves.
  const arms = torsoD(geo, vNeck(geo, 520));
  c.defs.push(`<clipPath id="${id}-arms">${path(arms)}</clipPath>`);
  let body = path(arms, { fill: p.skin, stroke: p.skinLine, 'stroke-width': 2.2 }) + g(armShading(c, p.skinShadow, p.skinLine, lighten(p.skin, 0.25)), { 'clip-path': `url(#${id}-arms)` });
  const sx = nw + 34;
  const neckline = [[CX + sx, 414], [CX + sx - 4, 486], [CX - sx + 4, 486], [CX - sx, 414]] as const;
  const bodice = d`M ${CX - sx} 414 L ${CX - S + 6} 440 C ${CX - S + 18} 540 ${CX - S + 30} 640 ${CX - S + 36} 730
    C ${CX - S + 34} 800 ${CX - S + 26} 860 ${CX - S + 18} 940 L ${CX + S - 18} 940 C ${CX + S - 26} 860 ${CX + S - 34} 800 ${CX + S - 36} 730
    C ${CX + S - 30} 640 ${CX + S - 18} 540 ${CX + S - 6} 440 L ${CX + sx} 414
    C ${neckline[1][0]} ${neckline[1][1]} ${neckline[2][0]} ${neckline[2][1]} ${CX - sx} 414 Z`;
  c.defs.push(`<clipPath id="${id}-bodice">${path(bodice)}</clipPath>`);
  body += path(d`M ${CX - 14} 430 Q ${CX - 34} 424 ${CX - sx + 8} 432 M ${CX + 14} 430 Q ${CX + 34} 424 ${CX + sx - 8} 432`, { fill: 'none', stroke: p.skinLine, 'stroke-width': 1.6, opacity: 0.45 });
  body += path(bodice, { fill: p.cloth, stroke: p.clothLine, 'stroke-width': 2.4, 'stroke-linejoin': 'round' });
  let shade = path(d`M ${CX + S - 60} 460 C ${CX + S - 40} 560 ${CX + S - 40} 700 ${CX + S - 50} 940 L ${CX + S} 940 L ${CX + S} 440 Z`, { fill: p.clothShadow, opacity: 0.6 });
  for (let x = -S + 50; x <= S - 50; x += 26) shade += path(d`M ${CX + x} 790 Q ${CX + x * 1.08 + 4} 850 ${CX + x * 1.14} 940`, { fill: 'none', stroke: p.clothShadow, 'stroke-width': 2.2 });
  body += g(shade, { 'clip-path': `url(#${id}-bodice)` });
  // Lace along the neckline.
  let lace = '';
  for (let i = 0; i <= 22; i++) {
    const [x, y] = cubicAt([CX + sx, 414], [CX + sx - 4, 486], [CX - sx + 4, 486], [CX - sx, 414], i / 22);
    lace += circle(x, y + 6, 4.6);
  }
  const laceEdge = d`M ${CX + sx} 414 C ${CX + sx - 4} 486 ${CX - sx + 4} 486 ${CX - sx} 414`;
  body += g(lace, { fill: '#fbf8f2', stroke: '#b9afa2', 'stroke-width': 1.2 });
  body += path(laceEdge, { fill: 'none', stroke: '#fbf8f2', 'stroke-width': 9 });
  body += path(laceEdge, { fill: 'none', stroke: '#b9afa2', 'stroke-width': 1.2, transform: 'translate(0 -4)' });
  // Puffed sleeves.
  const sleeve = d`M ${CX - S + 30} 436 C ${CX - S - 8} 420 ${CX - S - 42} 450 ${CX - S - 40} 500 C ${CX - S - 38} 532 ${CX - S - 26} 552 ${CX - S - 4} 552
    C ${CX - S + 18} 554 ${CX - S + 32} 540 ${CX - S + 36} 520 C ${CX - S + 42} 482 ${CX - S + 40} 452 ${CX - S + 30} 436 Z`;
  const gathers = d`M ${CX - S - 14} 448 Q ${CX - S - 24} 500 ${CX - S - 14} 548 M ${CX - S + 10} 444 Q ${CX - S + 4} 500 ${CX - S + 12} 550`;
  const cuff = d`M ${CX - S - 36} 530 Q ${CX - S} 556 ${CX - S + 34} 528`;
  body += both(sleeve).map((dd) => path(dd, { fill: p.cloth, stroke: p.clothLine, 'stroke-width': 2.4 })).join('');
  body += both(gathers).map((dd) => path(dd, { fill: 'none', stroke: p.clothShadow, 'stroke-width': 2.2 })).join('');
  body += both(cuff).map((dd) => path(dd, { fill: 'none', stroke: '#fbf8f2', 'stroke-width': 6, 'stroke-linecap': 'round' })).join('');
  // Sash at the waist with a bow.
  body += path(d`M ${CX - S + 34} 720 L ${CX + S - 34} 720 L ${CX + S - 35} 752 L ${CX - S + 35} 752 Z`, { fill: p.accent, stroke: darken(p.accent, 0.5), 'stroke-width': 2 });
  body += bow(CX, 736, p.accent, 1);
  body += bow(CX, 492, p.accent, 0.55);
  return { back: '', body };
}

function sweater(c: Ctx): Outfit {
  const { geo, p, id } = c;
  const S = geo.shoulderW;
  const nw = geo.neckW;
  let body = clothBody(c, crewNeck(geo, 440), p.cloth, p.clothShadow, p.clothLine);
  let knit = '';
  for (let x = -S - 20; x <= S + 20; x += 15) knit += path(d`M ${CX + x} 440 L ${CX + x * 1.04} 940`);
  let cable = '';
  for (const cx of [CX - 46, CX + 46]) {
    for (let y = 470; y < 940; y += 34) {
      cable += path(d`M ${cx - 9} ${y} C ${cx - 9} ${y + 14} ${cx + 9} ${y + 20} ${cx + 9} ${y + 34} M ${cx + 9} ${y} C ${cx + 9} ${y + 10} ${cx + 3} ${y + 14} ${cx + 1} ${y + 16}`);
    }
  }
  body += g(g(knit, { stroke: p.clothShadow, 'stroke-width': 1.5, opacity: 0.45 }) + g(cable, { stroke: p.clothShadow, 'stroke-width': 3.2, fill: 'none', 'stroke-linecap': 'round' }) +
    both(d`M ${CX - 60} 460 L ${CX - 60} 940 M ${CX - 32} 460 L ${CX - 32} 940`).map((dd) => path(dd, { stroke: p.clothShadow, 'stroke-width': 2, opacity: 0.7 })).join(''), { 'clip-path': `url(#${id}-torso)` });
  body += both(d`M ${CX - nw - 30} 420 Q ${CX - S + 12} 470 ${CX - S + 10} 540`).map((dd) => path(dd, { fill: 'none', stroke: p.clothLine, 'stroke-width': 1.8, opacity: 0.6 })).join('');
  body += shirtCollar(c, 426, 36);
  const band = d`M ${CX - nw - 6} 398 C ${CX - nw - 6} 432 ${CX - 16} 446 ${CX} 446 C ${CX + 16} 446 ${CX + nw + 6} 432 ${CX + nw + 6} 398`;
  body += path(band, { fill: 'none', stroke: p.clothLine, 'stroke-width': 16, 'stroke-linecap': 'round' });
  body += path(band, { fill: 'none', stroke: p.clothHi, 'stroke-width': 11.5, 'stroke-linecap': 'round' });
  body += path(band, { fill: 'none', stroke: p.clothShadow, 'stroke-width': 11.5, 'stroke-dasharray': '2 4', 'stroke-linecap': 'butt' });
  return { back: '', body };
}

function apron(c: Ctx): Outfit {
  const { geo, p, id } = c;
  const nw = geo.neckW;
  let body = clothBody(c, crewNeck(geo, 428), p.cloth, p.clothShadow, p.clothLine);
  const white = '#f8f4ec';
  const whiteShadow = '#dcd4c6';
  const whiteLine = '#8e8578';
  const strap = both(bandD(CX - 66, 506, CX - 76, 424, -16));
  body += strap.map((dd) => path(dd, { fill: white, stroke: whiteLine, 'stroke-width': 1.8 })).join('');
  const bib = d`M ${CX - 70} 500 L ${CX + 70} 500 L ${CX + 74} 770 L ${CX + 108} 940 L ${CX - 108} 940 L ${CX - 74} 770 Z`;
  c.defs.push(`<clipPath id="${id}-apron">${path(bib)}</clipPath>`);
  let frill = '';
  for (let x = -66; x <= 66; x += 12) frill += circle(CX + x, 500, 7);
  body += g(frill, { fill: white, stroke: whiteLine, 'stroke-width': 1.4 });
  body += path(bib, { fill: white, stroke: whiteLine, 'stroke-width': 2 });
  body += g(
    path(d`M ${CX + 40} 500 L ${CX + 70} 500 L ${CX + 108} 940 L ${CX + 70} 940 Z`, { fill: whiteShadow, opacity: 0.7 }) +
      path(d`M ${CX - 30} 790 Q ${CX - 34} 850 ${CX - 44} 940 M ${CX + 20} 790 Q ${CX + 24} 850 ${CX + 30} 940`, { stroke: whiteShadow, 'stroke-width': 2.4, fill: 'none' }),
    { 'clip-path': `url(#${id}-apron)` },
  );
  body += path(d`M ${CX - 32} 590 L ${CX + 32} 590 L ${CX + 30} 650 Q ${CX} 660 ${CX - 30} 650 Z`, { fill: white, stroke: whiteLine, 'stroke-width': 1.6 });
  body += path(d`M ${CX - 26} 598 L ${CX + 26} 598`, { stroke: whiteLine, 'stroke-width': 1.2, 'stroke-dasharray': '4 3' });
  body += path(d`M ${CX - 80} 764 L ${CX + 80} 764 L ${CX + 82} 782 L ${CX - 82} 782 Z`, { fill: white, stroke: whiteLine, 'stroke-width': 1.8 });
  // Round white collar on the shirt.
  const collar = d`M ${CX - nw - 4} 398 C ${CX - nw - 30} 408 ${CX - 64} 440 ${CX - 48} 462 C ${CX - 32} 476 ${CX - 10} 458 ${CX} 430 Z`;
  body += both(collar).map((dd) => path(dd, { fill: white, stroke: whiteLine, 'stroke-width': 1.8, 'stroke-linejoin': 'round' })).join('');
  body += bow(CX, 436, p.accent, 0.5);
  return { back: '', body };
}

function outfit(c: Ctx): Outfit {
  switch (c.a.outfit) {
    case 'school_uniform':
      return c.sailor ? sailorUniform(c) : tieUniform(c);
    case 'blazer':
      return jacket(c, false);
    case 'suit':
      return jacket(c, true);
    case 'hoodie':
      return hoodie(c);
    case 'kimono':
      return kimono(c);
    case 'dress':
      return dress(c);
    case 'sweater':
      return sweater(c);
    default:
      return apron(c);
  }
}

// ---------------------------------------------------------------------------------------------
// Accessories

function scarf(c: Ctx): string {
  const { geo, p } = c;
  const nw = geo.neckW;
  const color = p.accent;
  const line = darken(color, 0.5);
  const end = d`M ${CX - 40} 426 L ${CX - 8} 434 L ${CX - 16} 606 L ${CX - 58} 600 Z`;
  let out = path(end, { fill: darken(color, 0.08), stroke: line, 'stroke-width': 2.2, 'stroke-linejoin': 'round' });
  out += [520, 560].map((y) => path(d`M ${CX - 48} ${y} L ${CX - 12} ${y + 4}`, { stroke: lighten(color, 0.4), 'stroke-width': 5 })).join('');
  out += [-52, -44, -36, -28, -20].map((x) => path(d`M ${CX + x} 602 L ${CX + x - 1} 616`, { stroke: line, 'stroke-width': 2.4, 'stroke-linecap': 'round' })).join('');
  const wrap = d`M ${CX - nw - 36} 384 C ${CX - nw - 44} 430 ${CX - 30} 452 ${CX} 452 C ${CX + 30} 452 ${CX + nw + 44} 430 ${CX + nw + 36} 384
    C ${CX + nw + 20} 398 ${CX + 20} 408 ${CX} 408 C ${CX - 20} 408 ${CX - nw - 20} 398 ${CX - nw - 36} 384 Z`;
  out += path(wrap, { fill: color, stroke: line, 'stroke-width': 2.4, 'stroke-linejoin': 'round' });
  out += path(d`M ${CX - nw - 38} 414 C ${CX - 30} 434 ${CX + 30} 434 ${CX + nw + 38} 414`, { fill: 'none', stroke: lighten(color, 0.4), 'stroke-width': 5 });
  out += path(d`M ${CX - nw - 30} 400 C ${CX - 20} 420 ${CX + 20} 420 ${CX + nw + 30} 400`, { fill: 'none', stroke: line, 'stroke-width': 1.4, opacity: 0.5 });
  return out;
}

function glasses(c: Ctx): string {
  const { geo } = c;
  const rx = geo.eyeRX;
  const ry = Math.max(geo.eyeRY, 22);
  const frame = c.glasses;
  const lens = (s: 1 | -1) =>
    g(
      `<rect x="${num(-1.2 * rx)}" y="${num(-0.95 * ry)}" width="${num(2.55 * rx)}" height="${num(1.95 * ry)}" rx="11" fill="#ffffff" fill-opacity="0.12" stroke="${frame}" stroke-width="3"/>` +
        // The glare falls the same way on both lenses.
        path(d`M ${-0.7 * rx * s} ${0.6 * ry} L ${-0.2 * rx * s} ${-0.5 * ry} M ${-0.4 * rx * s} ${0.7 * ry} L ${-0.05 * rx * s} ${-0.05 * ry}`, { stroke: '#ffffff', 'stroke-width': 2.4, opacity: 0.55, 'stroke-linecap': 'round' }),
      { transform: `translate(${CX + s * geo.eyeDX} ${geo.eyeY + 2}) scale(${s} 1)` },
    );
  const inner = geo.eyeDX - 1.2 * rx;
  const bridge = path(d`M ${CX - inner} ${geo.eyeY - ry * 0.3} Q ${CX} ${geo.eyeY - ry * 0.55} ${CX + inner} ${geo.eyeY - ry * 0.3}`, { fill: 'none', stroke: frame, 'stroke-width': 3 });
  const outer = geo.eyeDX + 1.35 * rx;
  const temples = both(d`M ${CX - outer} ${geo.eyeY - ry * 0.5} L ${CX - geo.faceW - 2} ${geo.eyeY - ry * 0.6}`).map((dd) => path(dd, { stroke: frame, 'stroke-width': 3 })).join('');
  return temples + lens(-1) + lens(1) + bridge;
}

function hairAccessories(c: Ctx): string {
  const { a, geo, p, side } = c;
  let out = '';
  if (a.accessories.includes('headband')) {
    const top = geo.hairTop + 14;
    const hw = geo.hairW;
    const band = d`M ${CX - hw + 4} 232 C ${CX - hw - 2} 150 ${CX - 66} ${top} ${CX} ${top} C ${CX + 66} ${top} ${CX + hw + 2} 150 ${CX + hw - 4} 232`;
    out += path(band, { fill: 'none', stroke: darken(p.accent, 0.5), 'stroke-width': 16, 'stroke-linecap': 'round' });
    out += path(band, { fill: 'none', stroke: p.accent, 'stroke-width': 11.5, 'stroke-linecap': 'round' });
    out += path(band, { fill: 'none', stroke: lighten(p.accent, 0.45), 'stroke-width': 3, 'stroke-linecap': 'round', transform: 'translate(0 -3)' });
  }
  if (a.accessories.includes('ribbon')) {
    const x = CX + side * 70;
    out += g(bow(0, 0, p.accent, 1.35), { transform: `translate(${num(x)} ${num(geo.hairTop + 30)}) rotate(${side * 28})` });
  }
  if (a.accessories.includes('hairpin')) {
    const x = CX - side * 66;
    const y = geo.eyeY - geo.eyeRY - 34;
    const pin = (dy: number) =>
      `<rect x="-17" y="${dy - 3}" width="34" height="6" rx="3" fill="#f2c94c" stroke="#a07a1c" stroke-width="1.6"/>`;
    out += g(pin(0), { transform: `translate(${num(x)} ${num(y)}) rotate(${side * 35})` });
    out += g(pin(0), { transform: `translate(${num(x)} ${num(y)}) rotate(${-side * 35})` });
    out += g(pin(0), { transform: `translate(${num(x - side * 14)} ${num(y + 14)}) rotate(${side * 35})` });
  }
  if (a.accessories.includes('earrings')) {
    const y = geo.eyeY + 38;
    const x = geo.faceW + 7;
    out += [-1, 1].map((s) =>
      path(d`M ${CX + s * x} ${y - 4} L ${CX + s * x} ${y + 6}`, { stroke: GOLD, 'stroke-width': 2 }) +
      circle(CX + s * x, y + 12, 6, { fill: p.accent, stroke: darken(GOLD, 0.4), 'stroke-width': 1.8 }) +
      circle(CX + s * x - 2, y + 10, 1.8, { fill: '#ffffff', opacity: 0.8 }),
    ).join('');
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

/** The whole sprite as SVG, on a transparent background. Same appearance and emotion, same picture. */
export function spriteSvg(appearance: Appearance, emotion: Emotion): string {
  const a = appearance;
  const v = seededRng(
    ['sprite', a.hair_style, a.hair_color, a.eye_color, a.skin_tone, a.outfit, a.outfit_color, a.accessories.join(','), a.age, a.gender_presentation].join('|'),
  );
  const side: 1 | -1 = v.chance(0.5) ? 1 : -1;
  const p = palette(a, v);
  const c: Ctx = {
    a,
    geo: geometry(a),
    p,
    id: `sp${hashString(`${JSON.stringify(a)}|${emotion}`)}`,
    side,
    sailor: a.gender_presentation === 'feminine' || (a.gender_presentation === 'androgynous' && v.chance(0.5)),
    glasses: v.pick(['#2b2b33', '#6e3f24', '#b08a3a', '#8a2a3a', '#3a4f7a']),
    defs: [],
  };
  const { geo, id } = c;
  const f = faceFor(emotion, side);

  c.defs.push(
    `<linearGradient id="${id}-iris" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.eyeDark}"/><stop offset="0.55" stop-color="${p.eye}"/><stop offset="1" stop-color="${lighten(p.eye, 0.35)}"/></linearGradient>`,
  );
  const hair = hairParts(c);
  const clothes = outfit(c);
  const faceD = facePath(geo);
  c.defs.push(`<clipPath id="${id}-face">${path(faceD)}</clipPath>`);

  let body = '';
  body += hairBackLayer(c, hair);
  body += g(clothes.back + neck(c) + clothes.body + (a.accessories.includes('scarf') ? scarf(c) : ''), { transform: `translate(0 ${geo.bodyDY})` });
  body += ears(c);
  body += path(faceD, { fill: p.skin, stroke: p.skinLine, 'stroke-width': 2.4 });
  body += g(hairShadowOnFace(c, hair) + path(d`M ${CX + geo.faceW - 14} 200 C ${CX + geo.faceW - 8} 260 ${CX + geo.jawW} ${geo.jawY - 20} ${CX + geo.jawW - 20} ${geo.jawY + 24} L ${CX + geo.faceW + 10} ${geo.jawY + 30} L ${CX + geo.faceW + 10} 200 Z`, { fill: p.skinShadow, opacity: 0.55 }), { 'clip-path': `url(#${id}-face)` });
  if (a.age === 'elder') body += elderLines(c);
  body += blush(c, f);
  body += eye(c, f, -1) + eye(c, f, 1);
  body += nose(c);
  body += mouth(c, f);
  if (emotion === 'sad') body += tears(c);
  if (a.accessories.includes('glasses')) body += glasses(c);
  body += hairFrontLayer(c, hair);
  body += hair.ties;
  body += brow(c, f.brows[0], -1) + brow(c, f.brows[1], 1);
  body += hairAccessories(c);
  if (emotion === 'angry') body += angerMark(CX - side * 40, geo.hairTop + 40);
  if (emotion === 'thinking') body += sweatDrop(CX + side * (geo.faceW + 8), geo.eyeY - 44);
  if (emotion === 'surprised') body += shockLines(c);
  if (emotion === 'happy') body += sparkle(CX + side * 150, geo.hairTop + 40, 14) + sparkle(CX + side * 172, geo.hairTop + 82, 8);

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SPRITE_WIDTH}" height="${SPRITE_HEIGHT}" viewBox="0 0 ${SPRITE_WIDTH} ${SPRITE_HEIGHT}"><defs>${c.defs.join('')}</defs>${body}</svg>`;
}
