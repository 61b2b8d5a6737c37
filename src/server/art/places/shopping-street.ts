import type { Archetype } from '../archetypes/types';
import { darken } from '../color';
import { cornerShade, lampGlow, poly, pr } from '../room-kit';

const HALF = 3.2;
const GROUND = 1.3;
const EAVE = -0.9;
const NEAR = 0.6;
const FAR = 40;
const AWNINGS = ['#c0392b', '#2f6fb5', '#27ae60', '#e67e22', '#8e44ad', '#d35400'];

export const shoppingStreet: Archetype = {
  id: 'shopping_street',
  indoor: false,
  keywords: {
    en: ['shopping street', 'shotengai', 'arcade', 'shopping arcade', 'market street', 'high street', 'mall', 'shopping district'],
    ja: ['商店街', 'アーケード', '市場', '繁華街', 'ショッピングモール'],
  },
  draw(ctx) {
    // Sky shows only at the far end of the arcade.
    let out = ctx.sky();
    // Paved street with a tiled pattern.
    const paving = ctx.lit('#c9bfae');
    out += poly([[-HALF, GROUND, NEAR], [HALF, GROUND, NEAR], [HALF, GROUND, FAR], [-HALF, GROUND, FAR]], paving);
    for (let z = 1; z < FAR; z *= 1.18) out += poly([[-HALF, GROUND, z], [HALF, GROUND, z], [HALF, GROUND, z + 0.05], [-HALF, GROUND, z + 0.05]], darken(paving, 0.1));
    for (const x of [-1.5, 0, 1.5]) {
      const [ax, ay] = pr([x, GROUND, NEAR]);
      const [bx, by] = pr([x, GROUND, FAR]);
      out += `<line x1="${ax}" y1="${ay}" x2="${bx}" y2="${by}" stroke="${darken(paving, 0.1)}" stroke-width="2"/>`;
    }
    // Shop fronts on both sides, far to near: walls above, glowing windows, striped awnings.
    for (let z = FAR - 3; z >= 1.2; z -= 2.6) {
      for (const side of [-1, 1]) {
        const x = side * HALF;
        const wall = ctx.lit(ctx.rng.pick(['#e8dcc8', '#d9cbb5', '#efe6d8', '#d4c4ad']));
        out += poly([[x, -2.6, z], [x, -2.6, z + 2.5], [x, GROUND, z + 2.5], [x, GROUND, z]], wall);
        out += poly([[x, -0.55, z + 0.2], [x, -0.55, z + 2.3], [x, GROUND, z + 2.3], [x, GROUND, z + 0.2]], ctx.lampsOn ? ctx.glow('#ffe2a8') : ctx.lit('#bcd3df'));
        for (let k = 0; k < 3; k++) out += poly([[x, 0.55, z + 0.4 + k * 0.65], [x, 0.55, z + 0.9 + k * 0.65], [x, GROUND, z + 0.9 + k * 0.65], [x, GROUND, z + 0.4 + k * 0.65]], ctx.lit(ctx.rng.pick(['#f2b134', '#e94f4f', '#8bc34a', '#ffffff', '#5dade2'])));
        const awning = ctx.lit(ctx.rng.pick(AWNINGS));
        out += poly([[x, -0.95, z + 0.1], [x, -0.95, z + 2.4], [x - side * 0.7, -0.55, z + 2.4], [x - side * 0.7, -0.55, z + 0.1]], awning);
        out += poly([[x - side * 0.7, -0.55, z + 0.1], [x - side * 0.7, -0.55, z + 2.4], [x - side * 0.7, -0.45, z + 2.4], [x - side * 0.7, -0.45, z + 0.1]], darken(awning, 0.2));
        // A hanging banner (blank cloth) from the arcade beam.
        out += poly([[x - side * 0.35, EAVE - 0.8, z + 1.2], [x - side * 0.35, EAVE - 0.8, z + 1.45], [x - side * 0.35, -0.2, z + 1.45], [x - side * 0.35, -0.2, z + 1.2]], ctx.lit(ctx.rng.pick(['#f4f1ea', '#c0392b', '#1f3a5f'])));
      }
    }
    // The arcade roof: translucent panels on arched trusses.
    const glass = ctx.lit('#dfe8ee');
    out += poly([[-HALF, -2.6, NEAR], [HALF, -2.6, NEAR], [HALF, -2.6, FAR], [-HALF, -2.6, FAR]], glass, ' opacity="0.55"');
    for (let z = 1.0; z < FAR; z += 2.6) {
      const [lx, ly] = pr([-HALF, -2.6, z]);
      const [rx] = pr([HALF, -2.6, z]);
      const [, cy] = pr([0, -3.2, z]);
      out += `<path d="M${lx.toFixed(1)} ${ly.toFixed(1)} Q ${((lx + rx) / 2).toFixed(1)} ${(cy - (ly - cy)).toFixed(1)} ${rx.toFixed(1)} ${ly.toFixed(1)}" stroke="${ctx.lit('#7d8790')}" stroke-width="${(24 / z + 1).toFixed(1)}" fill="none"/>`;
      if (ctx.lampsOn) out += lampGlow(ctx, (lx + rx) / 2, ly + 40 / z, 200 / Math.sqrt(z), 0.3);
    }
    out += cornerShade(ctx, '#100818', 0.22);
    return out;
  },
};
