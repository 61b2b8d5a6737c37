import { darken, lighten, mix } from '../color';
import { W, type SceneContext } from '../scene-kit';
import type { Archetype } from '../archetypes/types';

const f = (n: number) => n.toFixed(1);
// One-point perspective down a covered arcade: the far opening spans x 560–720 at depth s = 1,
// floor y 420, roof springing y 316, vanishing point (640, 392).
const VX = 640;
const VY = 392;
const LEFT = 560;
const RIGHT = 720;
const ROOF = 316;
type P = [number, number];
const at = (x: number, y: number, s: number): P => [VX + (x - VX) * s, VY + (y - VY) * s];
const poly = (pts: P[], fill: string, extra = '') =>
  `<polygon points="${pts.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" fill="${fill}" ${extra}/>`;
const side = (x: number, s0: number, s1: number, y0: number, y1: number): P[] => [at(x, y0, s0), at(x, y0, s1), at(x, y1, s1), at(x, y1, s0)];
const flat = (x0: number, x1: number, y: number, s0: number, s1: number): P[] => [at(x0, y, s0), at(x1, y, s0), at(x1, y, s1), at(x0, y, s1)];
/** A point on the roof arch, t from 0 (left) to 1 (right), in back-frame coordinates. */
const arch = (t: number): P => {
  const cx = LEFT + (RIGHT - LEFT) * t;
  return [cx, ROOF - 112 * t * (1 - t)];
};
const archPath = (s: number, reverse = false) => {
  const pts: P[] = [];
  for (let i = 0; i <= 8; i++) pts.push(at(...arch(reverse ? 1 - i / 8 : i / 8), s));
  return pts.map(([x, y]) => `${f(x)},${f(y)}`).join(' L');
};

function glow(ctx: SceneContext, x: number, y: number, r: number, color: string, opacity: number): string {
  const id = ctx.uid('glow');
  return `<defs><radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient></defs><circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#${id})"/>`;
}

const FACADES = ['#d9c7a8', '#c9b59a', '#e3d8c6', '#b9a58c', '#d6b89a', '#c7c1b6'];
const AWNINGS = ['#d94a3a', '#2f7fc1', '#3fa34d', '#e39a2d', '#8e5ac8', '#c23b5a'];
const SIGNS = ['#f4efe2', '#f2d27a', '#e8574a', '#3b6fb0', '#f7f7f2', '#4aa37a'];

/** One shop front on the wall at x, between depths s0 and s1; dir is +1 on the left wall, -1 on the right. */
function shopFront(ctx: SceneContext, x: number, s0: number, s1: number, dir: number): [string, string] {
  const { rng } = ctx;
  const facade = ctx.lit(rng.pick(FACADES));
  const shade = dir > 0 ? 0.05 : 0.12;
  let out = poly(side(x, s0, s1, ROOF, 420), darken(facade, shade));
  // Upper-floor windows and a blank sign board.
  const d = s1 - s0;
  for (let k = 0; k < 2; k++) {
    const a = s0 + d * (0.12 + k * 0.45);
    out += poly(side(x, a, a + d * 0.32, 322, 344), ctx.lampsOn && rng.chance(0.6) ? ctx.glow('#ffd98a') : ctx.lit('#7f98ad'));
  }
  out += poly(side(x, s0 + d * 0.04, s1 - d * 0.04, 349, 363), ctx.lit(rng.pick(SIGNS)));
  // The open shop front with goods inside.
  const inside = ctx.lampsOn ? ctx.glow('#ffdca0') : ctx.lit('#8a7360');
  out += poly(side(x, s0 + d * 0.06, s1 - d * 0.06, 372, 420), inside);
  for (let r = 0; r < 2; r++) {
    for (let s = s0 + d * 0.1; s < s1 - d * 0.12; s += d * 0.11) {
      out += poly(side(x, s, s + d * 0.08, 382 + r * 16, 392 + r * 16), ctx.lit(rng.pick(SIGNS.concat(AWNINGS))));
    }
  }
  const wall = out;
  out = '';
  // Striped awning sloping out into the street.
  const awning = ctx.lit(rng.pick(AWNINGS));
  for (let k = 0; k < 6; k++) {
    const a = s0 + (d * k) / 6;
    const b = s0 + (d * (k + 1)) / 6;
    out += poly([at(x, 364, a), at(x, 364, b), at(x + dir * 9, 374, b), at(x + dir * 9, 374, a)], k % 2 ? lighten(awning, 0.75) : awning);
  }
  out += poly([at(x + dir * 9, 374, s0), at(x + dir * 9, 374, s1), at(x + dir * 9, 377, s1), at(x + dir * 9, 377, s0)], darken(awning, 0.2));
  // A low display stand of goods on the street.
  if (rng.chance(0.6) && s0 < 3.5) {
    const a = s0 + d * 0.25;
    const b = s0 + d * 0.6;
    const wood = ctx.lampsOn ? mix(ctx.lit('#8a6446'), ctx.glow('#c9925e'), 0.5) : ctx.lit('#8a6446');
    const goods = ctx.lit(rng.pick(['#e9a23b', '#d9503f', '#7cbf5e', '#f2d27a']));
    out += poly(side(x + dir * 16, a, b, 404, 420), darken(wood, 0.1)) + poly(flat(x + dir * 1, x + dir * 16, 404, a, b), goods);
    out += poly([at(x + dir * 1, 404, b), at(x + dir * 16, 404, b), at(x + dir * 16, 420, b), at(x + dir * 1, 420, b)], wood);
    out += poly([at(x + dir * 1, 404, b), at(x + dir * 16, 404, b), at(x + dir * 16, 407, b), at(x + dir * 1, 407, b)], lighten(goods, 0.2));
  }
  // A blank hanging banner, perpendicular to the wall, facing the viewer.
  const bx = x + dir * 2;
  const bs = s0 + d * 0.05;
  out += `<line x1="${f(at(x, 330, bs)[0])}" y1="${f(at(x, 330, bs)[1])}" x2="${f(at(x + dir * 14, 330, bs)[0])}" y2="${f(at(x + dir * 14, 330, bs)[1])}" stroke="${ctx.lit('#3a3430')}" stroke-width="${f(bs * 0.8)}"/>`;
  const banner = ctx.lit(rng.pick(SIGNS));
  out += poly([at(bx + dir * 1, 331, bs), at(bx + dir * 11, 331, bs), at(bx + dir * 11, 356, bs), at(bx + dir * 1, 356, bs)], banner);
  out += poly([at(bx + dir * 1, 331, bs), at(bx + dir * 11, 331, bs), at(bx + dir * 11, 334, bs), at(bx + dir * 1, 334, bs)], darken(banner, 0.3));
  return [wall, out];
}

export const shoppingStreet: Archetype = {
  id: 'shopping_street',
  indoor: false,
  keywords: {
    en: ['shopping street', 'shopping arcade', 'arcade', 'shotengai', 'shopping district', 'market street', 'high street', 'mall', 'bazaar'],
    ja: ['商店街', 'アーケード', '商店街通り', 'ショッピング街', '繁華街', '市場', 'モール', '横丁'],
  },
  draw(ctx) {
    const { rng } = ctx;
    let out = ctx.sky();
    // Beyond the far opening: distant buildings and the street running on.
    for (let x = 520; x < 760; x += rng.range(14, 26)) {
      const h = rng.range(30, 90);
      out += `<rect x="${f(x)}" y="${f(420 - h)}" width="${f(rng.range(16, 28))}" height="${f(h)}" fill="${ctx.lit(rng.pick(['#9aa6b4', '#a9b2bb', '#8f9aa8']))}"/>`;
    }
    out += `<rect x="520" y="412" width="240" height="12" fill="${ctx.lit('#9c9790')}"/>`;
    // Street paving in bands, with a patterned strip down the middle.
    const depths: number[] = [1];
    while (depths[depths.length - 1]! < 12) depths.push(depths[depths.length - 1]! * 1.16);
    for (let i = 0; i < depths.length - 1; i++) {
      const [a, b] = [depths[i]!, depths[i + 1]!];
      out += poly(flat(LEFT, RIGHT, 420, a, b), ctx.lit(i % 2 ? '#c9bfae' : '#d6cdbc'));
      out += poly(flat(620, 660, 420, a, b), ctx.lit(i % 2 ? '#b8766a' : '#c98d72'));
    }
    for (const x of [600, 680]) out += `<line x1="${f(at(x, 420, 1)[0])}" y1="${f(at(x, 420, 1)[1])}" x2="${f(at(x, 420, 12)[0])}" y2="${f(at(x, 420, 12)[1])}" stroke="${ctx.lit('#b3a996')}" stroke-width="3"/>`;
    // Shop fronts down both sides, far to near.
    const shops = [1, 1.22, 1.5, 1.84, 2.26, 2.78, 3.42, 4.2, 5.2, 6.5, 8.2, 10.4];
    // Walls first, then everything that sticks out into the street, far to near.
    let fronts = '';
    for (let i = 0; i < shops.length - 1; i++) {
      for (const [x, dir] of [[LEFT, 1], [RIGHT, -1]] as const) {
        const [wall, front] = shopFront(ctx, x, shops[i]!, shops[i + 1]!, dir);
        out += wall;
        fronts += front;
      }
    }
    out += fronts;
    // Translucent arched roof: panels between trusses, ribs running back, trusses.
    const roofLight = mix(ctx.lit('#e6eeec'), ctx.lit('#bcd3dc'), 0.3);
    for (let i = 0; i < depths.length - 1; i++) {
      out += `<path d="M${archPath(depths[i]!)} L${archPath(depths[i + 1]!, true)} Z" fill="${i % 2 ? roofLight : darken(roofLight, 0.06)}"/>`;
    }
    out += `<path d="M${f(at(LEFT, ROOF, 12)[0])},${f(at(LEFT, ROOF, 12)[1])} L${archPath(12)} L${f(W + 400)},-400 L-400,-400 Z" fill="${darken(roofLight, 0.04)}"/>`;
    for (const t of [0.1, 0.25, 0.4, 0.6, 0.75, 0.9]) {
      const [a, b] = [at(...arch(t), 1), at(...arch(t), 12)];
      out += `<line x1="${f(a[0])}" y1="${f(a[1])}" x2="${f(b[0])}" y2="${f(b[1])}" stroke="${ctx.lit('#9aa7ad')}" stroke-width="3"/>`;
    }
    const steel = ctx.lit('#6d7a82');
    for (let i = 0; i < shops.length; i++) {
      const s = shops[i]!;
      out += `<polyline points="${archPath(s)}" fill="none" stroke="${steel}" stroke-width="${f(2.2 * s)}"/>`;
      out += `<polyline points="${archPath(s * 1.015)}" fill="none" stroke="${lighten(steel, 0.25)}" stroke-width="${f(0.8 * s)}"/>`;
      // Bunting strung across between trusses.
      if (i % 2 === 1 && s < 8) {
        const [l, r] = [at(LEFT, ROOF - 2, s), at(RIGHT, ROOF - 2, s)];
        const sag = 14 * s;
        out += `<path d="M${f(l[0])} ${f(l[1])} Q ${f((l[0] + r[0]) / 2)} ${f(l[1] + sag)} ${f(r[0])} ${f(r[1])}" stroke="${ctx.lit('#5a524a')}" stroke-width="${f(0.6 * s)}" fill="none"/>`;
        for (let k = 1; k < 14; k++) {
          const t = k / 14;
          const fx = l[0] + (r[0] - l[0]) * t;
          const fy = l[1] + 2 * t * (1 - t) * sag;
          out += `<path d="M${f(fx - 2.6 * s)} ${f(fy)} L${f(fx + 2.6 * s)} ${f(fy)} L${f(fx)} ${f(fy + 6 * s)} Z" fill="${ctx.lit(AWNINGS[(k + i) % AWNINGS.length]!)}"/>`;
        }
      }
    }
    // The far entrance frame with a blank name board.
    out += `<polyline points="${archPath(1)}" fill="none" stroke="${ctx.lit('#4b5459')}" stroke-width="6"/>`;
    const [nx, ny] = at(612, 268, 1);
    out += `<rect x="${f(nx)}" y="${f(ny)}" width="56" height="14" rx="2" fill="${ctx.lit('#c23b2f')}"/>`;
    // Hanging lamps along both sides.
    for (let i = 1; i < shops.length - 3; i++) {
      for (const x of [LEFT + 26, RIGHT - 26]) {
        const s = shops[i]!;
        const [lx, ly] = at(x, 316, s);
        const r = 3.2 * s;
        out += `<line x1="${f(lx)}" y1="${f(at(x, 300, s)[1])}" x2="${f(lx)}" y2="${f(ly)}" stroke="${ctx.lit('#3a3430')}" stroke-width="${f(0.5 * s)}"/>`;
        if (ctx.lampsOn) out += glow(ctx, lx, ly + r, r * 6, '#ffe3a3', 0.55);
        out += `<circle cx="${f(lx)}" cy="${f(ly + r)}" r="${f(r)}" fill="${ctx.lampsOn ? '#fff4cf' : ctx.lit('#f3efe2')}"/>`;
      }
    }
    if (ctx.lampsOn) out += glow(ctx, 640, 560, 520, '#ffcf8a', 0.18);
    return out;
  },
};
