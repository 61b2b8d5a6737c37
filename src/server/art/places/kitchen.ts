import type { Archetype } from '../archetypes/types';
import { darken, lighten } from '../color';
import { BACK, box, CEIL, cornerShade, FLOOR, lampGlow, poly, pr, room, RX } from '../room-kit';

export const kitchen: Archetype = {
  id: 'kitchen',
  indoor: true,
  keywords: {
    en: ['kitchen', 'cooking', 'stove', 'pantry', 'dining room', 'breakfast table'],
    ja: ['台所', 'キッチン', '厨房', '食卓', 'ダイニング', '料理'],
  },
  draw(ctx) {
    const { rng } = ctx;
    const wall = rng.pick(['#f3eee4', '#e9efe9', '#f1e9dd']);
    const doors = ctx.lit(rng.pick(['#7fa7c9', '#a9c79a', '#e8d2a6', '#f2f0ea']));
    const top = ctx.lit('#d9d4cc');
    let out = room(ctx, wall, '#c9a47e');

    // Tiled splashback along the back wall.
    out += poly([[-RX, -0.25, BACK], [RX, -0.25, BACK], [RX, 0.45, BACK], [-RX, 0.45, BACK]], ctx.lit('#f7f7f2'));
    const [tx0, ty0] = pr([-RX, -0.25, BACK]);
    const [tx1, ty1] = pr([RX, 0.45, BACK]);
    out += `<g stroke="${ctx.lit('#d8d8d0')}" stroke-width="1">`;
    for (let x = tx0; x <= tx1; x += 18) out += `<line x1="${x.toFixed(1)}" y1="${ty0.toFixed(1)}" x2="${x.toFixed(1)}" y2="${ty1.toFixed(1)}"/>`;
    for (let y = ty0; y <= ty1; y += 12) out += `<line x1="${tx0.toFixed(1)}" y1="${y.toFixed(1)}" x2="${tx1.toFixed(1)}" y2="${y.toFixed(1)}"/>`;
    out += '</g>';

    // Window over the sink.
    const [wx0, wy0] = pr([-0.9, -0.95, BACK]);
    const [wx1, wy1] = pr([0.9, -0.3, BACK]);
    out += `<rect x="${wx0 - 7}" y="${wy0 - 7}" width="${wx1 - wx0 + 14}" height="${wy1 - wy0 + 14}" fill="${ctx.lit('#fbf8f2')}"/>`;
    out += ctx.windowView(wx0, wy0, wx1 - wx0, wy1 - wy0);
    out += `<rect x="${(wx0 + wx1) / 2 - 3}" y="${wy0}" width="6" height="${wy1 - wy0}" fill="${ctx.lit('#fbf8f2')}"/>`;

    // Base cabinets and worktop along the back wall, with sink and hob.
    out += box(-RX, 1.6, 0.45, FLOOR, 5.85, BACK, doors);
    out += box(-RX, 1.6, 0.38, 0.45, 5.75, BACK, top);
    for (let x = -RX + 0.05; x < 1.55; x += 0.6) {
      out += poly([[x, 0.55, 5.84], [x + 0.55, 0.55, 5.84], [x + 0.55, 1.3, 5.84], [x, 1.3, 5.84]], darken(doors, 0.06));
      out += box(x + 0.24, x + 0.31, 0.62, 0.65, 5.8, 5.84, ctx.lit('#888c92'));
    }
    out += box(-0.5, 0.5, 0.4, 0.46, 5.85, 6.25, ctx.lit('#b9c0c7'));
    out += `<path d="M${pr([0, 0.38, 6.3]).join(' ')} q 0 -30 18 -30" stroke="${ctx.lit('#9aa1a8')}" stroke-width="5" fill="none"/>`;
    out += box(0.8, 1.5, 0.36, 0.38, 5.9, 6.35, ctx.lit('#2d3035'));
    for (const [x, z] of [[0.95, 6.0], [1.3, 6.0], [0.95, 6.25], [1.3, 6.25]] as const) {
      const [cx, cy] = pr([x, 0.36, z]);
      out += `<ellipse cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" rx="9" ry="3" fill="none" stroke="${ctx.lampsOn ? '#ff7a3d' : ctx.lit('#5a5f66')}" stroke-width="2"/>`;
    }
    out += box(0.95, 1.35, 0.1, 0.36, 5.95, 6.2, ctx.lit('#c0504d'));
    // Wall cabinets and a cooker hood.
    out += box(-RX, -1.05, -1.15, -0.45, 6.1, BACK, lighten(doors, 0.08));
    out += box(0.75, 1.6, -0.7, -0.4, 6.0, BACK, ctx.lit('#b9c0c7'));

    // Fridge in the back-right corner.
    const fridge = ctx.lit('#eef1f4');
    out += box(1.75, RX, -0.9, FLOOR, 5.6, BACK, fridge);
    out += box(1.75, 1.78, -0.85, 0.05, 5.62, 5.9, darken(fridge, 0.12));
    out += box(1.8, 1.84, -0.5, -0.1, 5.57, 5.6, ctx.lit('#9aa1a8'));
    for (let i = 0; i < 3; i++) out += box(1.78, 1.8, -0.7 + i * 0.22, -0.55 + i * 0.22, 5.58, 5.6, ctx.lit(rng.pick(['#f2c14b', '#e87a7a', '#7fb3e0'])));

    // Counter along the right wall with a microwave and a fruit bowl.
    out += box(2.3, RX, 0.45, FLOOR, 3.2, 5.5, doors);
    out += box(2.2, RX, 0.38, 0.45, 3.1, 5.5, top);
    out += box(2.4, RX, 0.0, 0.38, 4.4, 5.2, ctx.lit('#dfe3e7'));
    out += box(2.45, 2.47, 0.06, 0.32, 4.5, 5.0, ctx.lit('#30343a'));
    const [bx, by] = pr([2.45, 0.36, 3.7]);
    out += `<path d="M${bx - 26} ${by - 6} q 26 26 52 0 Z" fill="${ctx.lit('#ffffff')}"/>`;
    for (const [dx, c] of [[-12, '#e2523e'], [0, '#f3b63b'], [12, '#7cb342']] as const) out += `<circle cx="${bx + dx}" cy="${by - 12}" r="9" fill="${ctx.lit(c)}"/>`;

    // Dining table with two chairs on the left, in the foreground.
    const wood = ctx.lit('#a8784f');
    out += box(-2.9, -1.7, 0.72, 0.8, 2.6, 3.9, lighten(wood, 0.05));
    for (const [x, z] of [[-2.85, 2.65], [-1.8, 2.65], [-2.85, 3.8], [-1.8, 3.8]] as const) out += box(x, x + 0.06, 0.8, FLOOR, z, z + 0.06, darken(wood, 0.15));
    for (const [x, z] of [[-1.52, 3.25], [-1.52, 2.93], [-1.2, 2.93], [-1.2, 3.25]] as const) out += box(x, x + 0.04, 0.92, FLOOR, z, z + 0.04, darken(wood, 0.2));
    out += box(-1.55, -1.15, 0.86, 0.92, 2.9, 3.3, darken(wood, 0.05));
    for (const z of [2.93, 3.25]) out += box(-1.2, -1.16, 0.35, 0.86, z, z + 0.04, darken(wood, 0.12));
    out += box(-1.2, -1.16, 0.35, 0.5, 2.93, 3.29, darken(wood, 0.08));
    out += box(-1.2, -1.16, 0.62, 0.7, 2.93, 3.29, darken(wood, 0.08));
    out += box(-2.6, -2.3, 0.66, 0.72, 3.0, 3.3, ctx.lit('#ffffff'));

    // Pendant light over the table; warm light at night.
    const [lx, ly] = pr([-2.3, -0.2, 3.25]);
    const [, cy] = pr([-2.3, CEIL, 3.25]);
    out += `<line x1="${lx}" y1="${cy}" x2="${lx}" y2="${ly}" stroke="${ctx.lit('#444444')}" stroke-width="2"/>`;
    out += `<path d="M${lx - 60} ${ly + 40} Q ${lx} ${ly - 34} ${lx + 60} ${ly + 40} Z" fill="${ctx.lampsOn ? ctx.glow('#ffe3a6') : ctx.lit(rng.pick(['#e0a43a', '#5a8f7b', '#d9d4cc']))}"/>`;
    if (ctx.lampsOn) {
      out += lampGlow(ctx, lx, ly + 50, 230, 0.55);
      const [px, py] = pr([0, FLOOR, 4.0]);
      out += lampGlow(ctx, px, py, 320, 0.18);
    }
    out += cornerShade(ctx, '#1a1020', 0.24);
    return out;
  },
};
