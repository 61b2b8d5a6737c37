import type { Archetype } from '../archetypes/types';
import { darken, lighten } from '../color';
import { BACK, box, CEIL, cornerShade, FLOOR, lampGlow, poly, pr, room, RX } from '../room-kit';
import type { SceneContext } from '../scene-kit';

const SPINES = ['#8c3b3b', '#2f5d8a', '#3d7a4f', '#b8893a', '#6b4c8a', '#d9cdb8', '#a34f2f', '#35485e'];

/** A tall bookcase against a side wall, its shelves full of books, seen in perspective. */
function sideCase(ctx: SceneContext, side: -1 | 1, z0: number, z1: number): string {
  const x = side * (RX - 0.35);
  const wood = ctx.lit('#7a5234');
  let out = box(Math.min(x, side * RX), Math.max(x, side * RX), -1.0, FLOOR, z0, z1, wood);
  for (let s = 0; s < 6; s++) {
    const y = -0.92 + s * 0.38;
    out += poly([[x, y, z0 + 0.05], [x, y + 0.3, z0 + 0.05], [x, y + 0.3, z1 - 0.05], [x, y, z1 - 0.05]], darken(wood, 0.5));
    let z = z0 + 0.07;
    while (z < z1 - 0.12) {
      const depth = ctx.rng.range(0.05, 0.11);
      const top = y + ctx.rng.range(0.0, 0.08);
      out += poly([[x, top, z], [x, y + 0.3, z], [x, y + 0.3, z + depth], [x, top, z + depth]], ctx.lit(ctx.rng.pick(SPINES)));
      z += depth + 0.008;
    }
  }
  return out;
}

export const library: Archetype = {
  id: 'library',
  indoor: true,
  keywords: {
    en: ['library', 'bookstore', 'book shop', 'bookshop', 'study hall', 'reading room', 'archive'],
    ja: ['図書館', '図書室', '書店', '本屋', '書庫', '自習室'],
  },
  draw(ctx) {
    let out = room(ctx, '#e9dfcf', '#9c6e4a');
    // Tall arched windows on the back wall.
    for (const cx of [-1.2, 1.2]) {
      const [x0, y0] = pr([cx - 0.55, -0.95, BACK]);
      const [x1, y1] = pr([cx + 0.55, 0.55, BACK]);
      out += `<rect x="${x0 - 7}" y="${y0 - 7}" width="${x1 - x0 + 14}" height="${y1 - y0 + 14}" rx="8" fill="${ctx.lit('#f7f1e6')}"/>`;
      out += ctx.windowView(x0, y0, x1 - x0, y1 - y0);
      out += `<path d="M${(x0 + x1) / 2} ${y0} V${y1} M${x0} ${(y0 + y1) / 2} H${x1}" stroke="${ctx.lit('#f7f1e6')}" stroke-width="5"/>`;
    }
    // A low bookcase between the windows, and tall cases down both walls.
    out += box(-0.5, 0.5, 0.5, FLOOR, 6.2, BACK, ctx.lit('#7a5234'));
    out += sideCase(ctx, -1, 1.0, 6.3) + sideCase(ctx, 1, 1.0, 6.3);
    // Reading tables with green lamps, far to near.
    for (const z of [5.0, 3.6]) {
      const wood = ctx.lit('#a77b52');
      out += box(-1.6, 1.6, 0.75, 0.82, z, z + 0.7, lighten(wood, 0.05));
      for (const x of [-1.5, 1.42]) out += box(x, x + 0.08, 0.82, FLOOR, z + 0.05, z + 0.65, darken(wood, 0.2));
      for (const x of [-0.9, 0.9]) {
        out += box(x - 0.04, x + 0.04, 0.55, 0.75, z + 0.3, z + 0.38, ctx.lit('#c9a54a'));
        out += box(x - 0.22, x + 0.22, 0.48, 0.56, z + 0.22, z + 0.46, ctx.lampsOn ? ctx.glow('#7fd19b') : ctx.lit('#2f6b45'));
        if (ctx.lampsOn) {
          const [gx, gy] = pr([x, 0.75, z + 0.35]);
          out += lampGlow(ctx, gx, gy, 80, 0.6);
        }
      }
      out += box(-0.5, -0.1, 0.7, 0.75, z + 0.2, z + 0.45, ctx.lit('#f3ede0'));
    }
    // Chandeliers.
    for (const z of [2.8, 4.6]) {
      const [lx, ly] = pr([0, -0.75, z]);
      const [, cy] = pr([0, CEIL, z]);
      out += `<line x1="${lx}" y1="${cy}" x2="${lx}" y2="${ly}" stroke="${ctx.lit('#5a4632')}" stroke-width="2"/>`;
      out += `<ellipse cx="${lx}" cy="${ly}" rx="${(30 * 4.2) / z}" ry="${(8 * 4.2) / z}" fill="${ctx.lampsOn ? ctx.glow('#ffe6a8') : ctx.lit('#c9a54a')}"/>`;
      if (ctx.lampsOn) out += lampGlow(ctx, lx, ly + 20, (220 * 4) / z, 0.45);
    }
    out += cornerShade(ctx, '#1a1008', 0.3);
    return out;
  },
};
