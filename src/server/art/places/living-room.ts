import type { Archetype } from '../archetypes/types';
import { darken, lighten } from '../color';
import { BACK, box, CEIL, cornerShade, curtain, FLOOR, lampGlow, poly, pr, room, RX } from '../room-kit';
import type { SceneContext } from '../scene-kit';

function plant(ctx: SceneContext, x: number, z: number, height: number): string {
  let out = box(x - 0.18, x + 0.18, FLOOR - 0.4, FLOOR, z - 0.18, z + 0.18, ctx.lit('#c9764f'));
  const [px, py] = pr([x, FLOOR - 0.4, z]);
  const scale = 680 / z;
  for (let i = 0; i < 9; i++) {
    const angle = -Math.PI / 2 + (i - 4) * 0.32;
    const length = height * scale * ctx.rng.range(0.7, 1);
    const ex = px + Math.cos(angle) * length * 0.55;
    const ey = py + Math.sin(angle) * length;
    out += `<path d="M${px.toFixed(1)} ${py.toFixed(1)} Q ${(px + (ex - px) * 0.2).toFixed(1)} ${((py + ey) / 2).toFixed(1)} ${ex.toFixed(1)} ${ey.toFixed(1)}" stroke="${ctx.lit(i % 2 ? '#4f8a48' : '#66a45a')}" stroke-width="${(0.09 * scale).toFixed(1)}" stroke-linecap="round" fill="none"/>`;
  }
  return out;
}

export const livingRoom: Archetype = {
  id: 'living_room',
  indoor: true,
  keywords: {
    en: ['living room', 'lounge', 'sitting room', 'family room', 'apartment', 'house', 'home', 'sofa', 'couch'],
    ja: ['リビング', '居間', '茶の間', '自宅', '家の中', 'ソファ', 'マンション', 'アパート'],
  },
  draw(ctx) {
    const { rng } = ctx;
    const wall = rng.pick(['#efe4d6', '#e3e8ee', '#ebe2d4', '#e6ece3']);
    const fabric = rng.pick(['#5f7fa8', '#6f9a6c', '#9a6fa8', '#c2685f']);
    let out = room(ctx, wall, '#b98b62');

    // A wide window on the back wall, with curtains and a view.
    const [wx0, wy0] = pr([-1.6, -0.85, BACK]);
    const [wx1, wy1] = pr([1.6, 0.55, BACK]);
    const frame = ctx.lit('#faf7f1');
    out += `<rect x="${wx0 - 8}" y="${wy0 - 8}" width="${wx1 - wx0 + 16}" height="${wy1 - wy0 + 16}" fill="${frame}"/>`;
    out += ctx.windowView(wx0, wy0, wx1 - wx0, wy1 - wy0);
    for (const f of [1 / 3, 2 / 3]) out += `<rect x="${wx0 + (wx1 - wx0) * f - 3}" y="${wy0}" width="6" height="${wy1 - wy0}" fill="${frame}"/>`;
    out += `<rect x="${wx0 - 50}" y="${wy0 - 24}" width="${wx1 - wx0 + 100}" height="5" rx="2" fill="${ctx.lit('#7d5f44')}"/>`;
    const curtainColor = ctx.lit(rng.pick(['#e9dcc4', '#c9d6e3', '#e7c9c0']));
    out += curtain(wx0 - 50, wy0 - 20, 80, wy1 - wy0 + 80, curtainColor);
    out += curtain(wx1 - 30, wy0 - 20, 80, wy1 - wy0 + 80, curtainColor);

    // Framed pictures on the left wall.
    for (const [z0, z1, color] of [[3.0, 3.9, '#f3c98b'], [4.3, 4.9, '#a7cbe3']] as const) {
      out += poly([[-RX, -0.75, z0], [-RX, -0.75, z1], [-RX, 0.05, z1], [-RX, 0.05, z0]], ctx.lit('#6b4e36'));
      out += poly([[-RX, -0.68, z0 + 0.07], [-RX, -0.68, z1 - 0.07], [-RX, -0.02, z1 - 0.07], [-RX, -0.02, z0 + 0.07]], ctx.lit(color));
    }

    // TV cabinet with a television against the right wall.
    const cabinet = ctx.lit('#8a6244');
    out += box(2.35, RX, 0.85, FLOOR, 3.4, 5.6, cabinet);
    out += box(2.4, RX, 0.95, 1.3, 3.5, 4.45, darken(cabinet, 0.12));
    out += box(2.4, RX, 0.95, 1.3, 4.55, 5.5, darken(cabinet, 0.12));
    out += box(2.75, 2.82, -0.35, 0.78, 3.7, 5.3, ctx.lit('#1d2026'));
    out += poly([[2.74, -0.3, 3.75], [2.74, -0.3, 5.25], [2.74, 0.73, 5.25], [2.74, 0.73, 3.75]], ctx.lampsOn ? ctx.glow('#3d5a80') : ctx.lit('#2b313b'));
    out += box(2.8, 2.95, 0.78, 0.85, 4.35, 4.65, ctx.lit('#2a2d33'));

    // Sofa against the left wall, facing the room.
    const sofa = ctx.lit(fabric);
    out += box(-RX, -2.05, 0.72, FLOOR, 4.95, 5.2, lighten(sofa, 0.04));
    out += box(-RX, -2.1, 1.0, FLOOR - 0.06, 2.8, 4.95, darken(sofa, 0.08));
    out += box(-RX, -2.75, 0.5, 1.0, 2.8, 4.95, darken(sofa, 0.02));
    for (const z of [4.3, 3.65, 3.0]) out += box(-2.8, -2.62, 0.42, 0.92, z - 0.02, z + 0.6, lighten(sofa, 0.06));
    for (const z of [4.3, 3.65, 3.0]) out += box(-2.75, -2.1, 0.9, 1.0, z, z + 0.62, lighten(sofa, 0.1));
    out += box(-2.6, -2.4, 0.55, 0.9, 3.2, 3.55, ctx.lit(rng.pick(['#f2d16b', '#f5f1e8', '#e58f8f'])));
    for (const z of [2.9, 4.85]) out += box(-2.2, -2.14, FLOOR - 0.06, FLOOR, z, z + 0.06, ctx.lit('#3b2f27'));
    out += box(-RX, -2.05, 0.72, FLOOR, 2.6, 2.85, lighten(sofa, 0.04));

    // Rug and a low table between sofa and television.
    out += poly([[-1.9, FLOOR, 2.9], [1.9, FLOOR, 2.9], [1.9, FLOOR, 5.4], [-1.9, FLOOR, 5.4]], ctx.lit(rng.pick(['#d9c7a8', '#c7d3dc', '#dcc2c8'])));
    out += poly([[-1.7, FLOOR, 3.05], [1.7, FLOOR, 3.05], [1.7, FLOOR, 5.25], [-1.7, FLOOR, 5.25]], 'none', ` stroke="${ctx.lit('#ffffff')}" stroke-width="3" opacity="0.5"`);
    const table = ctx.lit('#9b7050');
    out += box(-0.9, 0.9, 1.0, 1.08, 3.9, 4.9, lighten(table, 0.05));
    for (const [x, z] of [[-0.82, 3.98], [0.74, 3.98], [-0.82, 4.74], [0.74, 4.74]] as const) out += box(x, x + 0.08, 1.08, FLOOR, z, z + 0.08, darken(table, 0.15));
    out += box(-0.3, -0.05, 0.9, 1.0, 4.2, 4.45, ctx.lit('#f7f4ee'));
    out += box(0.25, 0.6, 0.97, 1.0, 4.25, 4.6, ctx.lit('#d9534f'));

    // Plants and a floor lamp in the back corners.
    out += plant(ctx, -2.55, 5.9, 1.6) + plant(ctx, 2.6, 6.0, 1.3);
    const [fx, fy] = pr([1.95, -0.25, 5.9]);
    const [, fb] = pr([1.95, FLOOR, 5.9]);
    out += `<rect x="${fx - 2}" y="${fy}" width="4" height="${fb - fy}" fill="${ctx.lit('#3b3b3b')}"/>`;
    out += `<path d="M${fx - 24} ${fy + 6} L${fx - 14} ${fy - 26} L${fx + 14} ${fy - 26} L${fx + 24} ${fy + 6} Z" fill="${ctx.lampsOn ? ctx.glow('#fff0c8') : ctx.lit('#efe6d2')}"/>`;

    // Ceiling light, and lamplight at night or daylight from the window.
    const [lx, ly] = pr([0, CEIL, 4.0]);
    out += `<ellipse cx="${lx}" cy="${ly + 4}" rx="80" ry="15" fill="${ctx.lampsOn ? ctx.glow('#fff4d6') : ctx.lit('#f4f1ea')}"/><ellipse cx="${lx}" cy="${ly}" rx="80" ry="9" fill="${ctx.lit('#e2ddd2')}"/>`;
    if (ctx.lampsOn) {
      out += lampGlow(ctx, lx, ly + 40, 300, 0.4);
      out += lampGlow(ctx, fx, fy, 170, 0.7);
      const [px, py] = pr([0, FLOOR, 4.2]);
      out += lampGlow(ctx, px, py, 320, 0.2);
    } else if (ctx.weather === 'clear') {
      out += poly([[-1.6, FLOOR, BACK - 0.05], [1.6, FLOOR, BACK - 0.05], [2.2, FLOOR, 3.4], [-0.9, FLOOR, 3.4]], '#fff6dc', ' opacity="0.16"');
    }
    out += cornerShade(ctx, '#1a1020', 0.26);
    return out;
  },
};
