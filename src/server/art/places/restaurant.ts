import { darken, lighten } from '../color';
import { H, W, type SceneContext } from '../scene-kit';
import type { Archetype } from '../archetypes/types';

const f = (n: number) => n.toFixed(1);
// One-point perspective: back wall x 340–940, y 120–440, vanishing point (640, 262).
const VX = 640;
const VY = 262;
type P = [number, number];
/** A point given in back-wall coordinates, pushed toward the viewer by scale s. */
const at = (x: number, y: number, s: number): P => [VX + (x - VX) * s, VY + (y - VY) * s];
const poly = (pts: P[], fill: string, extra = '') =>
  `<polygon points="${pts.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" fill="${fill}" ${extra}/>`;
/** A quad lying on a wall or panel at x (back-wall coords), between depths s0–s1 and heights y0–y1. */
const sideQuad = (x: number, s0: number, s1: number, y0: number, y1: number): P[] => [at(x, y0, s0), at(x, y0, s1), at(x, y1, s1), at(x, y1, s0)];

function glow(ctx: SceneContext, x: number, y: number, r: number, color: string, opacity: number): string {
  const id = ctx.uid('glow');
  return `<defs><radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient></defs><circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#${id})"/>`;
}

function lantern(ctx: SceneContext, x: number, s: number): string {
  const [cx, cy] = at(x, 205, s);
  const r = 17 * s;
  const top = VY - (VY - 120) * s;
  const red = ctx.lampsOn ? ctx.glow('#e8563a') : ctx.lit('#d9472f');
  let out = `<line x1="${f(cx)}" y1="${f(top)}" x2="${f(cx)}" y2="${f(cy - r)}" stroke="${ctx.lit('#2b1d14')}" stroke-width="${f(1 + s * 0.6)}"/>`;
  if (ctx.lampsOn) out += glow(ctx, cx, cy, r * 5, '#ffb36b', 0.6);
  out += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(r)}" ry="${f(r * 1.3)}" fill="${red}"/>`;
  out += `<ellipse cx="${f(cx - r * 0.3)}" cy="${f(cy - r * 0.2)}" rx="${f(r * 0.45)}" ry="${f(r * 0.9)}" fill="${lighten(red, 0.18)}"/>`;
  for (const k of [-0.6, 0, 0.6]) out += `<ellipse cx="${f(cx)}" cy="${f(cy + k * r)}" rx="${f(r * (1 - Math.abs(k) * 0.35))}" ry="${f(r * 0.08)}" fill="none" stroke="${darken(red, 0.25)}" stroke-width="${f(s * 0.8)}"/>`;
  out += `<rect x="${f(cx - r * 0.5)}" y="${f(cy - r * 1.42)}" width="${f(r)}" height="${f(r * 0.22)}" fill="${ctx.lit('#1f1a17')}"/><rect x="${f(cx - r * 0.5)}" y="${f(cy + r * 1.22)}" width="${f(r)}" height="${f(r * 0.22)}" fill="${ctx.lit('#1f1a17')}"/>`;
  return out;
}

/** A pair of facing booth benches with a table, against a side wall spanning x0–x1 (back-wall coords). */
function booth(ctx: SceneContext, x0: number, x1: number, s0: number, s1: number): string {
  const seat = ctx.lit('#9a3b2e');
  const wood = ctx.lit('#6e4426');
  const wallX = Math.abs(x0 - VX) > Math.abs(x1 - VX) ? x0 : x1;
  let out = '';
  // Far bench: upholstered back facing us, cushion, front.
  const rectAt = (y0: number, y1: number, s: number, fill: string) => {
    const [ax, ay] = at(x0, y0, s);
    const [bx, by] = at(x1, y1, s);
    return `<rect x="${f(Math.min(ax, bx))}" y="${f(ay)}" width="${f(Math.abs(bx - ax))}" height="${f(by - ay)}" fill="${fill}"/>`;
  };
  out += rectAt(324, 332, s0, lighten(wood, 0.12)) + rectAt(330, 392, s0, seat) + rectAt(330, 338, s0, lighten(seat, 0.15));
  out += poly([at(x0, 392, s0), at(x1, 392, s0), at(x1, 392, s0 + 0.1), at(x0, 392, s0 + 0.1)], lighten(seat, 0.08));
  out += rectAt(392, 440, s0 + 0.1, darken(wood, 0.1));
  // Table.
  const inner = x0 === wallX ? x1 - 12 : x0 + 12;
  const legX = (wallX + inner) / 2;
  const [lx, ly] = at(legX, 368, (s0 + s1) / 2);
  out += `<rect x="${f(lx - 3 * s0)}" y="${f(ly)}" width="${f(6 * s0)}" height="${f(at(legX, 440, (s0 + s1) / 2)[1] - ly)}" fill="${ctx.lit('#2f2a26')}"/>`;
  const ts0 = s0 + 0.12;
  const ts1 = s1 - 0.1;
  out += poly([at(wallX, 362, ts0), at(inner, 362, ts0), at(inner, 362, ts1), at(wallX, 362, ts1)], ctx.lit('#b8875a'));
  out += poly([at(wallX, 362, ts1), at(inner, 362, ts1), at(inner, 370, ts1), at(wallX, 370, ts1)], darken(wood, 0.05));
  for (let i = 0; i < 2; i++) {
    const [bx, by] = at(wallX + (inner - wallX) * (0.3 + i * 0.35), 362, ts0 + (ts1 - ts0) * (0.35 + i * 0.3));
    out += `<ellipse cx="${f(bx)}" cy="${f(by)}" rx="${f(11 * s0)}" ry="${f(4 * s0)}" fill="${ctx.lit(i ? '#f3efe6' : '#2d2a33')}"/><ellipse cx="${f(bx)}" cy="${f(by - 2 * s0)}" rx="${f(7 * s0)}" ry="${f(2.5 * s0)}" fill="${ctx.lit(i ? '#e8b04a' : '#c9583c')}"/>`;
  }
  // Near bench: a low cushioned bench seen from behind, below the table top.
  out += poly([at(x0, 384, s1 - 0.08), at(x1, 384, s1 - 0.08), at(x1, 384, s1), at(x0, 384, s1)], lighten(seat, 0.1));
  out += rectAt(384, 440, s1, darken(wood, 0.05)) + rectAt(384, 392, s1, seat);
  return out;
}

export const restaurant: Archetype = {
  id: 'restaurant',
  indoor: true,
  keywords: {
    en: ['restaurant', 'family restaurant', 'diner', 'izakaya', 'ramen shop', 'eatery', 'bistro', 'canteen', 'cafeteria', 'dining hall'],
    ja: ['レストラン', 'ファミレス', '食堂', '居酒屋', 'ラーメン屋', '料理屋', '定食屋', '飲食店'],
  },
  draw(ctx) {
    const { rng } = ctx;
    const plaster = ctx.lit('#eadcc0');
    const wood = ctx.lit('#7a4b2b');
    let out = '';
    // Wooden ceiling with slats parallel to the back wall.
    out += `<rect x="0" y="0" width="${W}" height="${VY}" fill="${ctx.lit('#a8784c')}"/>`;
    for (let s = 1.08; s < 2.4; s *= 1.1) {
      const [ax, ay] = at(340, 120, s);
      out += `<rect x="${f(ax)}" y="${f(ay - 2 * s)}" width="${f(600 * s)}" height="${f(3 * s)}" fill="${ctx.lit('#7d5433')}"/>`;
    }
    // Floor: dark tiles in perspective.
    const depths = [1, 1.13, 1.29, 1.48, 1.72, 2.02, 2.4, 2.9];
    for (let r = 0; r < depths.length - 1; r++) {
      for (let c = 0; c < 12; c++) {
        const x0 = 340 + c * 50;
        const tone = (r + c) % 2 ? '#8c7764' : '#a5907a';
        out += poly([at(x0, 440, depths[r]!), at(x0 + 50, 440, depths[r]!), at(x0 + 50, 440, depths[r + 1]!), at(x0, 440, depths[r + 1]!)], ctx.lit(tone));
      }
    }
    // Back wall: plaster, wainscot, corner posts.
    out += `<rect x="340" y="120" width="600" height="320" fill="${plaster}"/><rect x="340" y="372" width="600" height="68" fill="${wood}"/><rect x="340" y="368" width="600" height="6" fill="${lighten(wood, 0.2)}"/>`;
    // Side walls.
    for (const x of [340, 940]) {
      const dim = x === 340 ? 0.08 : 0.14;
      out += poly(sideQuad(x, 1, 3, 120, 440), darken(plaster, dim)) + poly(sideQuad(x, 1, 3, 372, 440), darken(wood, dim));
      out += poly(sideQuad(x, 1, 3, 366, 372), lighten(wood, 0.15)) + poly(sideQuad(x, 1, 3, 120, 130), darken(wood, 0.1));
    }
    // Windows with shoji-like lattice on the left wall.
    for (const [s0, s1] of [[1.12, 1.36], [1.55, 1.95]] as const) {
      const q = sideQuad(340, s0, s1, 175, 300);
      const clip = ctx.uid('win');
      const x0 = q[1]![0];
      const y0 = q[1]![1];
      out += `<defs><clipPath id="${clip}"><polygon points="${q.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}"/></clipPath></defs>`;
      out += `<g clip-path="url(#${clip})">${ctx.windowView(x0, y0, q[0]![0] - x0, q[2]![1] - y0)}</g>`;
      const frame = ctx.lit('#4a3020');
      out += poly(q, 'none', `stroke="${frame}" stroke-width="${f(4 * s0)}"`);
      for (let k = 1; k < 4; k++) {
        const s = s0 + ((s1 - s0) * k) / 4;
        const [a, b] = [at(340, 175, s), at(340, 300, s)];
        out += `<line x1="${f(a[0])}" y1="${f(a[1])}" x2="${f(b[0])}" y2="${f(b[1])}" stroke="${frame}" stroke-width="${f(1.6 * s)}"/>`;
      }
      const [m0, m1] = [at(340, 220, s0), at(340, 220, s1)];
      out += `<line x1="${f(m0[0])}" y1="${f(m0[1])}" x2="${f(m1[0])}" y2="${f(m1[1])}" stroke="${frame}" stroke-width="${f(2 * s0)}"/>`;
    }
    // Blank menu tags along the right wall.
    for (let s = 1.1; s < 2.0; s += 0.075) {
      out += poly(sideQuad(940, s, s + 0.05, 170, 250), ctx.lit(rng.chance(0.2) ? '#f2d27a' : '#f3ead6'));
    }
    out += poly(sideQuad(940, 1.08, 2.02, 164, 170), ctx.lit('#5a3a22'));
    // Back wall left: doorway to the kitchen with an indigo noren.
    out += `<rect x="392" y="196" width="136" height="244" fill="${ctx.lit('#3a2a20')}"/><rect x="398" y="202" width="124" height="238" fill="${ctx.lampsOn ? ctx.glow('#c98c4e') : ctx.lit('#8d6848')}"/>`;
    out += `<rect x="388" y="192" width="144" height="8" fill="${wood}"/>`;
    for (let i = 0; i < 3; i++) {
      out += `<rect x="${400 + i * 41}" y="200" width="38" height="96" fill="${ctx.lit('#2c3f6b')}"/><rect x="${400 + i * 41}" y="200" width="38" height="14" fill="${ctx.lit('#243459')}"/>`;
    }
    out += `<circle cx="461" cy="250" r="17" fill="none" stroke="${ctx.lit('#e8e2d2')}" stroke-width="4" opacity="0.85"/>`;
    // Kitchen pass: a lit opening with hood, pots and a stainless ledge.
    const kitchen = ctx.lampsOn ? ctx.glow('#f2c98c') : ctx.lit('#e9d6b4');
    out += `<rect x="580" y="212" width="320" height="112" fill="${kitchen}"/>`;
    out += `<rect x="580" y="212" width="320" height="24" fill="${ctx.lit('#b8bcbf')}"/><path d="M620 236 L860 236 L835 256 L645 256 Z" fill="${ctx.lit('#9aa0a4')}"/>`;
    out += `<rect x="580" y="280" width="320" height="44" fill="${ctx.lit('#c7b49a')}"/>`;
    for (const [x, w] of [[630, 46], [710, 38], [790, 54]] as const) {
      out += `<rect x="${x}" y="${282 - w * 0.6}" width="${w}" height="${w * 0.6}" rx="3" fill="${ctx.lit('#8e959b')}"/><rect x="${x - 3}" y="${282 - w * 0.6}" width="${w + 6}" height="5" fill="${ctx.lit('#b5bbc0')}"/>`;
      out += `<path d="M${x + w / 2} ${270 - w * 0.6} q -8 -12 0 -24 q 8 -12 0 -24" stroke="#ffffff" stroke-width="4" fill="none" opacity="0.35"/>`;
    }
    out += `<rect x="572" y="204" width="336" height="8" fill="${wood}"/><rect x="572" y="212" width="8" height="112" fill="${wood}"/><rect x="900" y="212" width="8" height="112" fill="${wood}"/>`;
    out += `<rect x="566" y="324" width="348" height="12" fill="${ctx.lit('#c9ced2')}"/><rect x="566" y="336" width="348" height="4" fill="${ctx.lit('#8b9196')}"/>`;
    for (let i = 0; i < 4; i++) out += `<ellipse cx="${612 + i * 82}" cy="322" rx="20" ry="5" fill="${ctx.lit('#f7f4ee')}"/><ellipse cx="${612 + i * 82}" cy="318" rx="12" ry="4" fill="${ctx.lit(rng.pick(['#e09a4a', '#c4553a', '#8fb365', '#f1d27a']))}"/>`;
    // Blank menu plaques above the pass.
    for (let i = 0; i < 9; i++) out += `<rect x="${588 + i * 35}" y="136" width="26" height="58" fill="${ctx.lit(i % 4 === 3 ? '#f0c75e' : '#f5eddc')}"/>`;
    out += `<rect x="580" y="130" width="320" height="7" fill="${wood}"/>`;
    // Booths along both walls, far to near.
    for (const [s0, s1] of [[1.06, 1.34], [1.48, 1.84], [2.02, 2.5]] as const) {
      out += booth(ctx, 340, 480, s0, s1) + booth(ctx, 800, 940, s0, s1);
    }
    // Paper lanterns over the booths.
    for (const s of [1.2, 1.66, 2.25]) out += lantern(ctx, 420, s) + lantern(ctx, 860, s);
    // Warm light over everything at night.
    if (ctx.lampsOn) out += glow(ctx, 640, 300, 560, '#ffb870', 0.16);
    out += `<rect x="0" y="${H - 6}" width="${W}" height="6" fill="${darken(wood, 0.3)}" opacity="0.4"/>`;
    return out;
  },
};
