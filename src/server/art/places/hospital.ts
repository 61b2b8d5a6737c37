import type { Archetype } from '../archetypes/types';
import { darken, lighten } from '../color';
import { BACK, box, CEIL, cornerShade, FLOOR, lampGlow, poly, pr, room, RX, type V } from '../room-kit';
import type { SceneContext } from '../scene-kit';

const seg = (a: V, b: V, stroke: string, width: number) => {
  const [x1, y1] = pr(a);
  const [x2, y2] = pr(b);
  return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${stroke}" stroke-width="${width.toFixed(1)}" stroke-linecap="round"/>`;
};

/** A gathered curtain hanging from the ceiling rail, running along z (at x) or along x (at z). */
function railCurtain(ctx: SceneContext, along: 'x' | 'z', fixed: number, a: number, b: number, color: string): string {
  const folds = 7;
  let out = '';
  const step = (b - a) / folds;
  for (let i = 0; i < folds; i++) {
    const u0 = a + step * i;
    const u1 = u0 + step;
    const p = (u: number, y: number): V => (along === 'z' ? [fixed, y, u] : [u, y, fixed]);
    out += poly([p(u0, CEIL + 0.1), p(u1, CEIL + 0.1), p(u1, 1.15), p(u0, 1.15)], i % 2 ? darken(color, 0.1) : lighten(color, 0.05));
  }
  const p = (u: number, y: number): V => (along === 'z' ? [fixed, y, u] : [u, y, fixed]);
  out += poly([p(a, CEIL + 0.1), p(b, CEIL + 0.1), p(b, CEIL + 0.28), p(a, CEIL + 0.28)], ctx.lit('#f4f7f8'), ' opacity="0.7"');
  return out;
}

export const hospital: Archetype = {
  id: 'hospital',
  indoor: true,
  keywords: {
    en: ['hospital', 'hospital room', 'ward', 'clinic', 'infirmary', 'nurse office', "nurse's office", 'sickroom'],
    ja: ['病院', '病室', '保健室', '診療所', 'クリニック', '医務室'],
  },
  draw(ctx) {
    const { rng } = ctx;
    const curtainColor = ctx.lit(rng.pick(['#bcd9d3', '#c9d8ea', '#e6dcc8']));
    let out = room(ctx, rng.pick(['#e3efe9', '#e8eef3', '#eef0e6']), '#d3d6cf');
    // Window with half-raised blinds on the back wall.
    const [wx0, wy0] = pr([-1.35, -0.85, BACK]);
    const [wx1, wy1] = pr([1.15, 0.3, BACK]);
    const white = ctx.lit('#f7f9f8');
    out += `<rect x="${wx0 - 7}" y="${wy0 - 7}" width="${wx1 - wx0 + 14}" height="${wy1 - wy0 + 14}" fill="${white}"/>`;
    out += ctx.windowView(wx0, wy0, wx1 - wx0, wy1 - wy0);
    out += `<rect x="${(wx0 + wx1) / 2 - 2}" y="${wy0}" width="4" height="${wy1 - wy0}" fill="${white}"/>`;
    out += `<g fill="${ctx.lit('#eef1f0')}">`;
    for (let y = wy0; y < wy0 + (wy1 - wy0) * 0.32; y += 6) out += `<rect x="${wx0}" y="${y.toFixed(1)}" width="${wx1 - wx0}" height="4.2"/>`;
    out += `</g><rect x="${wx0 - 10}" y="${wy1 + 4}" width="${wx1 - wx0 + 20}" height="7" fill="${darken(white, 0.08)}"/>`;
    // Sliding door on the left wall, with a narrow window and a long handle.
    const door = ctx.lit('#d9c7a8');
    out += poly([[-RX, -0.72, 5.2], [-RX, -0.72, 6.25], [-RX, FLOOR, 6.25], [-RX, FLOOR, 5.2]], darken(door, 0.2));
    out += poly([[-RX, -0.67, 5.25], [-RX, -0.67, 6.2], [-RX, FLOOR, 6.2], [-RX, FLOOR, 5.25]], door);
    out += poly([[-RX, -0.5, 5.4], [-RX, -0.5, 5.55], [-RX, 0.4, 5.55], [-RX, 0.4, 5.4]], ctx.lit('#cfe2ea'));
    out += seg([-RX, 0.0, 6.05], [-RX, 0.6, 6.05], ctx.lit('#9aa3ab'), 4);
    // Sink with a mirror on the left wall.
    out += poly([[-RX, -0.55, 3.7], [-RX, -0.55, 4.5], [-RX, 0.2, 4.5], [-RX, 0.2, 3.7]], ctx.lit('#bcd3df'));
    out += poly([[-RX, -0.45, 3.85], [-RX, -0.45, 4.05], [-RX, 0.1, 3.9], [-RX, 0.1, 3.75]], '#ffffff', ' opacity="0.35"');
    out += box(-RX, -2.55, 0.5, 0.62, 3.6, 4.6, ctx.lit('#ffffff'));
    out += box(-RX, -2.6, 0.62, FLOOR - 0.1, 3.65, 4.55, ctx.lit('#e6e2da'));
    out += seg([-2.8, 0.5, 4.1], [-2.8, 0.32, 4.1], ctx.lit('#b8c0c6'), 5);
    // Visitor's chair.
    const chair = ctx.lit('#6f93ad');
    out += box(-2.25, -1.75, 0.3, 0.88, 3.75, 3.82, darken(chair, 0.05));
    out += box(-2.25, -1.75, 0.85, 0.92, 3.3, 3.8, chair);
    for (const [x, z] of [[-2.2, 3.35], [-1.8, 3.35], [-1.8, 3.75]] as const) out += seg([x, 0.92, z], [x, FLOOR, z], ctx.lit('#8d969e'), 4);
    // Nurse-call panel and oxygen outlets behind the bed head.
    out += box(1.4, 2.6, -0.35, -0.15, BACK - 0.08, BACK, ctx.lit('#f0efe8'));
    for (const [x, c] of [[1.6, '#4caf50'], [1.85, '#ffffff'], [2.1, '#f2c14e'], [2.35, '#e05a5a']] as const) {
      const [px, py] = pr([x, -0.25, BACK - 0.08]);
      out += `<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="4" fill="${ctx.lit(c)}"/>`;
    }
    // Drip stand beside the bed head, with a bag and a line down to the bed.
    const steel = ctx.lit('#aab3bb');
    out += seg([2.8, -0.55, 5.3], [2.8, FLOOR - 0.05, 5.3], steel, 3);
    out += seg([2.6, -0.55, 5.3], [3.0, -0.55, 5.3], steel, 3);
    for (const [dx, dz] of [[-0.2, 0], [0.2, 0], [0, -0.2], [0, 0.2]] as const) out += seg([2.8, FLOOR - 0.05, 5.3], [2.8 + dx, FLOOR, 5.3 + dz], steel, 3);
    const [bx, by] = pr([2.66, -0.5, 5.3]);
    out += `<rect x="${(bx - 9).toFixed(1)}" y="${by.toFixed(1)}" width="18" height="28" rx="4" fill="${lighten(ctx.lit('#d7eef7'), 0.25)}" opacity="0.9"/>`;
    out += `<path d="M${bx.toFixed(1)} ${(by + 28).toFixed(1)} Q ${(bx - 30).toFixed(1)} ${(by + 90).toFixed(1)} ${pr([2.0, 0.6, 4.6]).map((n) => n.toFixed(1)).join(' ')}" stroke="${ctx.lit('#e8f4f8')}" stroke-width="1.5" fill="none"/>`;
    // Bedside cabinet with flowers.
    out += box(0.6, 1.15, 0.5, FLOOR, 5.9, 6.4, ctx.lit('#e9e4d8'));
    out += box(0.62, 1.13, 0.85, 0.88, 5.88, 5.9, ctx.lit('#cfc7b6'));
    const [vx, vy] = pr([0.88, 0.5, 6.15]);
    out += `<rect x="${(vx - 6).toFixed(1)}" y="${(vy - 24).toFixed(1)}" width="12" height="24" rx="3" fill="${ctx.lit('#cfe8f5')}" opacity="0.9"/>`;
    for (const [dx, dy, c] of [[-8, 0, '#f28fb0'], [0, -6, '#ffd166'], [8, 0, '#f7a072'], [-3, 6, '#ffffff']] as const) out += `<circle cx="${(vx + dx).toFixed(1)}" cy="${(vy - 32 + dy).toFixed(1)}" r="6.5" fill="${ctx.lit(c)}"/>`;
    // The bed: legs, frame, mattress with a raised back, pillow, blanket, side rail, head and foot boards.
    const frame = ctx.lit('#dfe4e8');
    for (const [x, z] of [[1.35, 3.5], [2.45, 3.5], [1.35, 6.1]] as const) out += seg([x, 0.9, z], [x, FLOOR - 0.05, z], ctx.lit('#8d969e'), 5);
    out += box(1.3, 2.5, 0.05, 0.95, 6.15, 6.25, ctx.lit('#c7b79c'));
    out += box(1.3, 2.5, 0.78, 0.92, 3.45, 6.15, frame);
    out += poly([[1.33, 0.78, 5.2], [2.47, 0.78, 5.2], [2.47, 0.35, 6.1], [1.33, 0.35, 6.1]], ctx.lit('#ffffff'));
    out += box(1.33, 2.47, 0.62, 0.78, 3.5, 5.2, ctx.lit('#fbfbfb'));
    out += poly([[1.5, 0.58, 5.6], [2.3, 0.58, 5.6], [2.3, 0.3, 5.95], [1.5, 0.3, 5.95]], ctx.lit('#f0f3f6'));
    const blanket = ctx.lit(rng.pick(['#a9cfe0', '#b9dcc8', '#d8cce8']));
    out += box(1.28, 2.52, 0.58, 0.95, 3.48, 5.0, blanket);
    out += poly([[1.28, 0.58, 4.9], [2.52, 0.58, 4.9], [2.52, 0.58, 5.05], [1.28, 0.58, 5.05]], lighten(blanket, 0.35));
    out += seg([1.25, 0.5, 4.4], [1.25, 0.5, 5.6], steel, 4) + seg([1.25, 0.5, 4.4], [1.25, 0.78, 4.4], steel, 4) + seg([1.25, 0.5, 5.6], [1.25, 0.78, 5.6], steel, 4);
    out += box(1.3, 2.5, 0.5, 0.92, 3.38, 3.45, ctx.lit('#c7b79c'));
    // Ceiling rail around the bed and the curtain gathered at its corners.
    out += seg([RX, CEIL + 0.1, 2.9], [1.05, CEIL + 0.1, 2.9], ctx.lit('#b9c2c8'), 4) + seg([1.05, CEIL + 0.1, 2.9], [1.05, CEIL + 0.1, BACK], ctx.lit('#b9c2c8'), 4);
    out += railCurtain(ctx, 'z', 1.05, 5.7, BACK, curtainColor);
    out += railCurtain(ctx, 'x', 2.9, 2.35, RX, curtainColor);
    // Ceiling lights.
    for (const z of [2.4, 4.4]) {
      const on = ctx.lampsOn;
      out += poly([[-0.7, CEIL, z], [0.7, CEIL, z], [0.7, CEIL, z + 0.45], [-0.7, CEIL, z + 0.45]], on ? ctx.glow('#f7fbff') : lighten(ctx.lit('#f4f6f6'), 0.3));
      out += poly([[-0.7, CEIL, z], [0.7, CEIL, z], [0.7, CEIL, z + 0.45], [-0.7, CEIL, z + 0.45]], 'none', ` stroke="${ctx.lit('#c9cfd3')}" stroke-width="2"`);
    }
    if (ctx.lampsOn) {
      const [px, py] = pr([0, CEIL, 3.5]);
      out += lampGlow(ctx, px, py + 60, 380, 0.3);
      const [fx, fy] = pr([0, FLOOR, 4.0]);
      out += lampGlow(ctx, fx, fy, 320, 0.18);
    } else if (ctx.weather === 'clear') {
      out += poly([[-1.35, FLOOR, BACK - 0.05], [1.15, FLOOR, BACK - 0.05], [1.6, FLOOR, 3.8], [-0.9, FLOOR, 3.8]], '#fff8e6', ' opacity="0.14"');
    }
    out += cornerShade(ctx, '#102028', 0.22);
    return out;
  },
};
