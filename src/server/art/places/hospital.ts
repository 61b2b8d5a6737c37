import type { Archetype } from '../archetypes/types';
import { darken, lighten } from '../color';
import { BACK, box, CEIL, cornerShade, curtain, FLOOR, lampGlow, poly, pr, room, RX } from '../room-kit';

export const hospital: Archetype = {
  id: 'hospital',
  indoor: true,
  keywords: {
    en: ['hospital', 'hospital room', 'ward', 'clinic', 'infirmary', 'nurse office', "nurse's office", 'sickroom'],
    ja: ['病院', '病室', '保健室', '診療所', 'クリニック', '医務室'],
  },
  draw(ctx) {
    const { rng } = ctx;
    let out = room(ctx, rng.pick(['#e3efe9', '#e8eef3', '#eef0e6']), '#cfd6d2');
    // Window with blinds on the back wall.
    const [wx0, wy0] = pr([-1.2, -0.85, BACK]);
    const [wx1, wy1] = pr([1.2, 0.35, BACK]);
    out += `<rect x="${wx0 - 8}" y="${wy0 - 8}" width="${wx1 - wx0 + 16}" height="${wy1 - wy0 + 16}" fill="${ctx.lit('#f7f9f8')}"/>`;
    out += ctx.windowView(wx0, wy0, wx1 - wx0, wy1 - wy0);
    out += `<g fill="${ctx.lit('#f1f3f2')}" opacity="0.85">`;
    for (let y = wy0; y < wy0 + (wy1 - wy0) * 0.35; y += 7) out += `<rect x="${wx0}" y="${y.toFixed(1)}" width="${wx1 - wx0}" height="4"/>`;
    out += '</g>';
    // Ceiling curtain rail around the bed, with a pale curtain drawn back on the left.
    out += `<path d="M${pr([-RX, CEIL + 0.15, 3.0]).join(' ')} L${pr([-0.9, CEIL + 0.15, 3.0]).join(' ')} L${pr([-0.9, CEIL + 0.15, BACK]).join(' ')}" stroke="${ctx.lit('#b9c2c8')}" stroke-width="5" fill="none"/>`;
    const [cx0, cy0] = pr([-0.9, CEIL + 0.18, 5.2]);
    const [, cy1] = pr([-0.9, 0.9, 5.2]);
    out += curtain(cx0 - 60, cy0, 90, cy1 - cy0, ctx.lit(rng.pick(['#bcd9d3', '#c9d8ea', '#e3d6ea'])));
    // The bed along the right wall: frame, mattress, pillow, blanket and rails.
    const frame = ctx.lit('#dfe4e8');
    out += box(1.2, RX, -0.25, 0.75, 5.85, 5.95, darken(frame, 0.05));
    out += box(1.2, RX, 0.55, 0.75, 2.9, 5.9, frame);
    out += box(1.25, RX, 0.35, 0.55, 2.95, 5.85, ctx.lit('#ffffff'));
    out += box(1.5, 2.7, 0.22, 0.36, 5.25, 5.75, ctx.lit('#f4f6f8'));
    out += box(1.22, RX, 0.3, 0.45, 2.95, 4.9, ctx.lit(rng.pick(['#a9cfe0', '#b9dcc8', '#d8cce8'])));
    out += box(1.15, 1.2, 0.05, 0.35, 3.3, 4.6, ctx.lit('#b0b8bf'));
    for (const z of [3.0, 5.8]) out += box(1.25, 1.32, 0.75, FLOOR, z, z + 0.07, ctx.lit('#9aa3ab'));
    // Bedside cabinet with flowers, and a drip stand.
    out += box(0.55, 1.05, 0.45, FLOOR, 5.9, 6.35, ctx.lit('#e9e4d8'));
    const [vx, vy] = pr([0.8, 0.45, 6.1]);
    out += `<rect x="${vx - 6}" y="${vy - 26}" width="12" height="26" fill="${ctx.lit('#cfe8f5')}" opacity="0.9"/>`;
    for (const [dx, c] of [[-8, '#f28fb0'], [0, '#ffd166'], [8, '#f7a072']] as const) out += `<circle cx="${vx + dx}" cy="${vy - 34}" r="7" fill="${ctx.lit(c)}"/>`;
    const [sx, sy] = pr([0.7, -0.7, 4.3]);
    const [, sb] = pr([0.7, FLOOR, 4.3]);
    out += `<rect x="${sx - 2}" y="${sy}" width="4" height="${sb - sy}" fill="${ctx.lit('#aab3bb')}"/><path d="M${sx - 20} ${sy} h40" stroke="${ctx.lit('#aab3bb')}" stroke-width="3"/>`;
    out += `<rect x="${sx + 6}" y="${sy + 4}" width="14" height="22" rx="3" fill="${lighten(ctx.lit('#d7eef7'), 0.2)}" opacity="0.9"/>`;
    // A chair for visitors on the left, a wall monitor and a sink.
    out += box(-2.2, -1.7, 0.85, 0.92, 3.4, 3.9, ctx.lit('#7a8fa3'));
    out += box(-2.2, -2.15, 0.3, 0.85, 3.4, 3.9, ctx.lit('#6d8196'));
    out += poly([[-RX, -0.3, 4.6], [-RX, -0.3, 5.4], [-RX, 0.3, 5.4], [-RX, 0.3, 4.6]], ctx.lit('#f4f6f6'));
    out += box(-RX, -2.6, 0.3, 0.4, 4.65, 5.35, ctx.lit('#ffffff'));
    // Ceiling lights.
    for (const z of [2.6, 4.4]) out += poly([[-0.6, CEIL, z], [0.6, CEIL, z], [0.6, CEIL, z + 0.35], [-0.6, CEIL, z + 0.35]], ctx.lampsOn ? ctx.glow('#f7fbff') : lighten(ctx.lit('#f4f6f6'), 0.3));
    if (ctx.lampsOn) {
      const [px, py] = pr([0, FLOOR, 4.0]);
      out += lampGlow(ctx, px, py, 320, 0.18);
    }
    out += cornerShade(ctx, '#102028', 0.22);
    return out;
  },
};
