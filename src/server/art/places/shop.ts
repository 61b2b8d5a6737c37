import type { Archetype } from '../archetypes/types';
import { lighten } from '../color';
import { BACK, box, CEIL, cornerShade, FLOOR, lampGlow, poly, pr, room, RX } from '../room-kit';
import type { SceneContext } from '../scene-kit';

const GOODS = ['#e94f4f', '#f2b134', '#3fa34d', '#2f7fc1', '#f28fb0', '#ffffff', '#8e5ac8', '#f57f3a'];

/** A shelf unit running back into the shop, stocked with rows of bright packets. */
function aisle(ctx: SceneContext, x0: number, x1: number, z0: number, z1: number): string {
  let out = box(x0, x1, -0.2, FLOOR, z0, z1, ctx.lit('#dfe3e6'));
  const face = x1 < 0 ? x1 : x0;
  for (let s = 0; s < 4; s++) {
    const y = -0.15 + s * 0.38;
    let z = z0 + 0.05;
    while (z < z1 - 0.1) {
      const d = ctx.rng.range(0.12, 0.22);
      const top = y + ctx.rng.range(0.02, 0.12);
      out += poly([[face, top, z], [face, y + 0.32, z], [face, y + 0.32, z + d], [face, top, z + d]], ctx.lit(ctx.rng.pick(GOODS)));
      z += d + 0.02;
    }
    out += poly([[face, y + 0.32, z0], [face, y + 0.36, z0], [face, y + 0.36, z1], [face, y + 0.32, z1]], ctx.lit('#b9c0c6'));
  }
  return out;
}

export const shop: Archetype = {
  id: 'shop',
  indoor: true,
  keywords: {
    en: ['shop', 'store', 'convenience store', 'konbini', 'supermarket', 'grocery', 'market stall', 'boutique'],
    ja: ['店', 'コンビニ', 'スーパー', '売店', 'ショップ', '商店'],
  },
  draw(ctx) {
    let out = room(ctx, '#f3f4f1', '#d9dcd8');
    // Fridge cases with glowing doors along the back wall.
    for (let i = 0; i < 5; i++) {
      const x = -2.6 + i * 1.05;
      out += box(x, x + 1.0, -0.6, FLOOR, 6.0, BACK, ctx.lit('#c8ced3'));
      out += poly([[x + 0.06, -0.5, 6.0], [x + 0.94, -0.5, 6.0], [x + 0.94, 1.2, 6.0], [x + 0.06, 1.2, 6.0]], ctx.glow('#e6f3fb'));
      for (let s = 0; s < 4; s++) {
        for (let k = 0; k < 5; k++) {
          const [bx, by] = pr([x + 0.12 + k * 0.16, -0.35 + s * 0.42, 5.99]);
          out += `<rect x="${bx.toFixed(1)}" y="${by.toFixed(1)}" width="14" height="30" rx="4" fill="${ctx.lit(ctx.rng.pick(GOODS))}"/>`;
        }
      }
    }
    // Aisles on both sides, leaving the centre free.
    out += aisle(ctx, -RX, -2.1, 1.5, 5.3) + aisle(ctx, 2.1, RX, 1.5, 5.3);
    // The counter with a register near the front left.
    out += box(-1.9, -1.05, 0.5, FLOOR, 1.6, 3.0, ctx.lit('#e2d3b6'));
    out += box(-1.9, -1.05, 0.42, 0.5, 1.55, 3.05, ctx.lit('#b68b5e'));
    out += box(-1.7, -1.3, 0.15, 0.42, 2.2, 2.6, ctx.lit('#394049'));
    out += box(-1.65, -1.35, 0.18, 0.3, 2.19, 2.2, ctx.glow('#8fd3ff'));
    // A sign strip over the fridges and bright ceiling lights.
    out += poly([[-RX, -1.0, BACK], [RX, -1.0, BACK], [RX, -0.72, BACK], [-RX, -0.72, BACK]], ctx.lit(ctx.rng.pick(['#2f9e5b', '#e05a2b', '#2f6fb5'])));
    for (const z of [2.0, 3.4, 4.8]) for (const x of [-1.2, 1.2]) out += poly([[x - 0.6, CEIL, z], [x + 0.6, CEIL, z], [x + 0.6, CEIL, z + 0.25], [x - 0.6, CEIL, z + 0.25]], ctx.glow('#fbfdff'));
    const [px, py] = pr([0, FLOOR, 4.0]);
    out += lampGlow(ctx, px, py, 360, ctx.lampsOn ? 0.2 : 0.08);
    out += poly([[-0.6, FLOOR, 1.0], [0.6, FLOOR, 1.0], [0.6, FLOOR, 5.8], [-0.6, FLOOR, 5.8]], lighten(ctx.lit('#d9dcd8'), 0.12), ' opacity="0.5"');
    out += cornerShade(ctx, '#101820', 0.18);
    return out;
  },
};
