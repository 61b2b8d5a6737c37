import type { Archetype } from '../archetypes/types';
import { darken, lighten } from '../color';
import { box, cornerShade, lampGlow, poly, pr, type V, wallWindow } from '../room-kit';
import type { SceneContext } from '../scene-kit';

const HALF = 1.45;
const TOP = -1.15;
const BOTTOM = 1.3;
const NEAR = 0.5;
const FAR = 13;

const pane = (ctx: SceneContext, pts: V[]) => wallWindow(ctx, pts, ctx.lit('#b8bec4'));

export const trainCarriage: Archetype = {
  id: 'train_carriage',
  indoor: true,
  keywords: {
    en: ['train', 'inside the train', 'carriage', 'train car', 'subway car', 'commuter train', 'on the train'],
    ja: ['電車', '車内', '車両', '列車', '地下鉄', '電車の中'],
  },
  draw(ctx) {
    const wall = ctx.lit('#e6e8e4');
    let out = poly([[-HALF, TOP, NEAR], [HALF, TOP, NEAR], [HALF, TOP, FAR], [-HALF, TOP, FAR]], lighten(wall, 0.08));
    for (const side of [-1, 1]) out += poly([[side * HALF, TOP, NEAR], [side * HALF, TOP, FAR], [side * HALF, BOTTOM, FAR], [side * HALF, BOTTOM, NEAR]], darken(wall, side < 0 ? 0.04 : 0.08));
    out += poly([[-HALF, TOP, FAR], [HALF, TOP, FAR], [HALF, BOTTOM, FAR], [-HALF, BOTTOM, FAR]], darken(wall, 0.02));
    out += poly([[-HALF, BOTTOM, NEAR], [HALF, BOTTOM, NEAR], [HALF, BOTTOM, FAR], [-HALF, BOTTOM, FAR]], ctx.lit('#8e9296'));
    out += poly([[-0.35, BOTTOM, NEAR], [0.35, BOTTOM, NEAR], [0.35, BOTTOM, FAR], [-0.35, BOTTOM, FAR]], ctx.lit('#9da2a6'));
    // End door with its window.
    out += poly([[-0.4, -0.55, FAR], [0.4, -0.55, FAR], [0.4, BOTTOM, FAR], [-0.4, BOTTOM, FAR]], ctx.lit('#b4bbc1'));
    out += pane(ctx, [[-0.25, -0.4, FAR], [0.25, -0.4, FAR], [0.25, 0.2, FAR], [-0.25, 0.2, FAR]]);
    // Windows above long bench seats on both sides; door bays between them.
    const seat = ctx.lit(ctx.rng.pick(['#3f6fa8', '#4f8a5b', '#a84f4f']));
    for (const side of [-1, 1]) {
      for (const [z0, z1] of [[1.0, 4.2], [5.6, 8.8], [10.2, 12.6]] as const) {
        out += pane(ctx, [[side * HALF, -0.7, z0 + 0.1], [side * HALF, -0.7, z1 - 0.1], [side * HALF, 0.25, z1 - 0.1], [side * HALF, 0.25, z0 + 0.1]]);
        const inner = side * (HALF - 0.55);
        out += box(Math.min(inner, side * HALF), Math.max(inner, side * HALF), 0.55, 0.7, z0, z1, seat);
        out += box(Math.min(side * (HALF - 0.12), side * HALF), Math.max(side * (HALF - 0.12), side * HALF), 0.3, 0.6, z0, z1, darken(seat, 0.1));
        out += box(Math.min(inner, side * HALF), Math.max(inner, side * HALF), 0.7, BOTTOM, z0 + 0.05, z1 - 0.05, ctx.lit('#6d7378'));
      }
      for (const z of [4.5, 9.1]) {
        out += poly([[side * HALF, -0.75, z], [side * HALF, -0.75, z + 0.9], [side * HALF, BOTTOM, z + 0.9], [side * HALF, BOTTOM, z]], ctx.lit('#c4cacf'));
        out += pane(ctx, [[side * HALF, -0.55, z + 0.12], [side * HALF, -0.55, z + 0.78], [side * HALF, 0.1, z + 0.78], [side * HALF, 0.1, z + 0.12]]);
      }
    }
    // Overhead luggage racks, rails and hanging straps.
    for (const side of [-1, 1]) {
      out += poly([[side * HALF, -0.85, NEAR], [side * (HALF - 0.35), -0.85, NEAR], [side * (HALF - 0.35), -0.85, FAR], [side * HALF, -0.85, FAR]], ctx.lit('#a9b0b6'), ' opacity="0.8"');
      const [ax, ay] = pr([side * 0.75, -0.95, NEAR + 0.3]);
      const [bx, by] = pr([side * 0.75, -0.95, FAR]);
      out += `<line x1="${ax}" y1="${ay}" x2="${bx}" y2="${by}" stroke="${ctx.lit('#c9ced2')}" stroke-width="4"/>`;
      for (let z = 1.2; z < FAR - 0.5; z += 0.9) {
        const [sx, sy] = pr([side * 0.75, -0.95, z]);
        const [, ey] = pr([side * 0.75, -0.55, z]);
        const r = 60 / z;
        out += `<line x1="${sx.toFixed(1)}" y1="${sy.toFixed(1)}" x2="${sx.toFixed(1)}" y2="${(ey - r).toFixed(1)}" stroke="${ctx.lit('#f2f2ee')}" stroke-width="${(12 / z + 1).toFixed(1)}"/>`;
        out += `<circle cx="${sx.toFixed(1)}" cy="${ey.toFixed(1)}" r="${r.toFixed(1)}" fill="none" stroke="${ctx.lit('#f2f2ee')}" stroke-width="${(10 / z + 1).toFixed(1)}"/>`;
      }
    }
    // Ceiling light strips.
    for (const x of [-0.2, 0.2]) out += poly([[x - 0.06, TOP, NEAR], [x + 0.06, TOP, NEAR], [x + 0.06, TOP, FAR], [x - 0.06, TOP, FAR]], ctx.glow('#fbfbf4'));
    const [gx, gy] = pr([0, BOTTOM, 3.5]);
    out += lampGlow(ctx, gx, gy, 320, ctx.lampsOn ? 0.2 : 0.08);
    out += cornerShade(ctx, '#101820', 0.25);
    return out;
  },
};
