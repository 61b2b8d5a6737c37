import type { Archetype } from '../archetypes/types';
import { darken, lighten } from '../color';
import { BACK, box, CEIL, cornerShade, curtain, FLOOR, lampGlow, poly, pr, room, RX } from '../room-kit';
import type { SceneContext } from '../scene-kit';

function table(ctx: SceneContext, x0: number, x1: number, z0: number, z1: number): string {
  const wood = ctx.lit('#7a4f32');
  let out = box(x0, x1, 0.7, 0.78, z0, z1, lighten(wood, 0.08));
  out += box((x0 + x1) / 2 - 0.06, (x0 + x1) / 2 + 0.06, 0.78, FLOOR, (z0 + z1) / 2 - 0.06, (z0 + z1) / 2 + 0.06, darken(wood, 0.2));
  // Bowls and cups on the table.
  for (const t of [0.3, 0.7]) {
    const [bx, by] = pr([x0 + (x1 - x0) * t, 0.7, (z0 + z1) / 2]);
    const r = 70 / ((z0 + z1) / 2);
    out += `<path d="M${(bx - r).toFixed(1)} ${(by - r * 0.5).toFixed(1)} q ${r.toFixed(1)} ${(r * 1.2).toFixed(1)} ${(2 * r).toFixed(1)} 0 Z" fill="${ctx.lit(ctx.rng.pick(['#c0392b', '#f4f1ea', '#2c3e50']))}"/>`;
  }
  return out;
}

export const restaurant: Archetype = {
  id: 'restaurant',
  indoor: true,
  keywords: {
    en: ['restaurant', 'diner', 'izakaya', 'ramen shop', 'ramen', 'sushi bar', 'cafeteria', 'canteen', 'bar', 'eatery'],
    ja: ['レストラン', '食堂', '居酒屋', 'ラーメン屋', '寿司屋', '定食屋', 'ファミレス', '学食'],
  },
  draw(ctx) {
    let out = room(ctx, '#e8d9bf', '#8a5a3a');
    // Wooden slats on the lower walls.
    for (const side of [-1, 1]) {
      out += poly([[side * RX, 0.4, 0.6], [side * RX, 0.4, BACK], [side * RX, FLOOR, BACK], [side * RX, FLOOR, 0.6]], ctx.lit('#9b6a45'));
    }
    // Kitchen pass with a noren curtain on the back wall.
    out += poly([[-1.6, -0.6, BACK], [1.6, -0.6, BACK], [1.6, 0.5, BACK], [-1.6, 0.5, BACK]], ctx.lit('#3b2a20'));
    out += poly([[-1.5, -0.5, BACK], [1.5, -0.5, BACK], [1.5, 0.35, BACK], [-1.5, 0.35, BACK]], ctx.glow('#f6d8a8'));
    const [nx0, ny0] = pr([-1.5, -0.6, BACK]);
    const [nx1] = pr([1.5, -0.6, BACK]);
    out += curtain(nx0, ny0, nx1 - nx0, 46, ctx.lit(ctx.rng.pick(['#1f3a5f', '#7a1f2b', '#2f4f3a'])));
    out += box(-1.7, 1.7, 0.45, 0.55, 6.0, BACK, ctx.lit('#b98a5e'));
    out += box(-1.7, 1.7, 0.55, FLOOR, 6.05, BACK, ctx.lit('#6e4a30'));
    // A menu row of blank wooden tags over the pass.
    for (let i = 0; i < 10; i++) out += poly([[-1.5 + i * 0.3, -0.95, BACK], [-1.3 + i * 0.3, -0.95, BACK], [-1.3 + i * 0.3, -0.68, BACK], [-1.5 + i * 0.3, -0.68, BACK]], ctx.lit(i % 3 === 0 ? '#f3e3c3' : '#e9d2a6'));
    // Booths along both sides, far to near.
    for (const z of [4.6, 3.0]) {
      out += box(-RX, -2.6, -0.1, FLOOR, z - 0.1, z, ctx.lit('#8c2f2f'));
      out += table(ctx, -2.6, -1.5, z + 0.2, z + 1.0);
      out += box(2.6, RX, -0.1, FLOOR, z - 0.1, z, ctx.lit('#8c2f2f'));
      out += table(ctx, 1.5, 2.6, z + 0.2, z + 1.0);
    }
    // Paper lanterns hanging from the ceiling.
    for (const [x, z] of [[-1.2, 3.2], [1.2, 3.2], [-1.0, 5.0], [1.0, 5.0]] as const) {
      const [lx, ly] = pr([x, -0.55, z]);
      const [, cy] = pr([x, CEIL, z]);
      const r = 110 / z;
      out += `<line x1="${lx}" y1="${cy}" x2="${lx}" y2="${ly - r}" stroke="${ctx.lit('#3b2a20')}" stroke-width="2"/>`;
      out += `<ellipse cx="${lx}" cy="${ly}" rx="${r * 0.8}" ry="${r}" fill="${ctx.lampsOn ? ctx.glow('#ffcf7a') : ctx.lit('#f0b35c')}"/>`;
      out += `<path d="M${lx - r * 0.8} ${ly} h${r * 1.6} M${lx - r * 0.7} ${ly - r * 0.5} h${r * 1.4} M${lx - r * 0.7} ${ly + r * 0.5} h${r * 1.4}" stroke="${darken(ctx.lit('#f0b35c'), 0.25)}" stroke-width="1.5"/>`;
      out += lampGlow(ctx, lx, ly, r * 3, ctx.lampsOn ? 0.55 : 0.25);
    }
    out += cornerShade(ctx, '#1a0c05', 0.32);
    return out;
  },
};
