import type { Archetype } from '../archetypes/types';
import { darken, lighten, mix } from '../color';
import { box, cornerShade, lampGlow, poly, pr, type V, wallWindow } from '../room-kit';
import type { SceneContext } from '../scene-kit';

// A Japanese commuter carriage seen down its length: eye height 1.5 m, floor at y = 1.35.
const HALF = 1.45;
const WALL_TOP = -0.72;
const ROOF = -1.02;
const ROOF_X = 1.05;
const FLOOR = 1.35;
const NEAR = 0.5;
const FAR = 14;
const BENCHES: [number, number][] = [[0.8, 5.0], [6.4, 10.1], [11.5, 13.9]];
const DOORS = [5.0, 10.1];
const DOOR_W = 1.4;

const line = (a: V, b: V, stroke: string, width: number, extra = '') => {
  const [x1, y1] = pr(a);
  const [x2, y2] = pr(b);
  return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${stroke}" stroke-width="${width.toFixed(1)}"${extra}/>`;
};

function sideWall(ctx: SceneContext, s: number, wall: string): string {
  const x = s * HALF;
  const frame = ctx.lit('#c3c8cc');
  let out = '';
  // Windows above each bench, split by a mullion.
  for (const [z0, z1] of BENCHES) {
    const a = z0 + 0.15;
    const b = z1 - 0.15;
    out += wallWindow(ctx, [[x, -0.52, a], [x, -0.52, b], [x, 0.3, b], [x, 0.3, a]], frame, 6);
    const m = (a + b) / 2;
    out += poly([[x, -0.52, m - 0.04], [x, -0.52, m + 0.04], [x, 0.3, m + 0.04], [x, 0.3, m - 0.04]], frame);
    // Ad cards along the top of the wall.
    for (let z = z0 + 0.3; z < z1 - 0.5; z += 0.95) {
      const c = ctx.lit(ctx.rng.pick(['#f5c26b', '#8fc6e8', '#f29e9e', '#b7e0a8', '#ffffff']));
      out += poly([[x, -0.7, z], [x, -0.7, z + 0.7], [x, -0.58, z + 0.7], [x, -0.58, z]], c);
    }
  }
  // Double sliding doors with tall windows, a display above and a yellow threshold.
  for (const d of DOORS) {
    const door = ctx.lit('#cfd4d8');
    out += poly([[x, -0.62, d], [x, -0.62, d + DOOR_W], [x, FLOOR, d + DOOR_W], [x, FLOOR, d]], darken(door, 0.25));
    for (const [a, b] of [[d + 0.05, d + DOOR_W / 2 - 0.01], [d + DOOR_W / 2 + 0.01, d + DOOR_W - 0.05]] as [number, number][]) {
      out += poly([[x, -0.58, a], [x, -0.58, b], [x, FLOOR, b], [x, FLOOR, a]], door);
      out += wallWindow(ctx, [[x, -0.45, a + 0.12], [x, -0.45, b - 0.12], [x, 0.25, b - 0.12], [x, 0.25, a + 0.12]], darken(door, 0.15), 3);
    }
    out += poly([[x, -0.72, d + 0.35], [x, -0.72, d + 1.05], [x, -0.64, d + 1.05], [x, -0.64, d + 0.35]], ctx.glow(ctx.lampsOn ? '#2b3a48' : '#223040'));
    out += poly([[x, -0.7, d + 0.42], [x, -0.7, d + 0.8], [x, -0.66, d + 0.8], [x, -0.66, d + 0.42]], ctx.glow('#ff9a3c'));
    const ix = s * (HALF - 0.3);
    out += poly([[x, FLOOR, d], [x, FLOOR, d + DOOR_W], [ix, FLOOR, d + DOOR_W], [ix, FLOOR, d]], ctx.lit('#e8c547'));
  }
  return out + line([x, WALL_TOP, NEAR], [x, WALL_TOP, FAR], darken(wall, 0.12), 2);
}

function bench(ctx: SceneContext, s: number, z0: number, z1: number, seat: string): string {
  const outer = s * HALF;
  const lo = (a: number, b: number) => Math.min(a, b);
  const hi = (a: number, b: number) => Math.max(a, b);
  const inner = s * (HALF - 0.52);
  const base = s * (HALF - 0.44);
  let out = box(lo(base, outer), hi(base, outer), 0.98, FLOOR, z0 + 0.05, z1 - 0.05, ctx.lit('#7d8388'));
  out += poly([[base, FLOOR, z0 + 0.05], [base, FLOOR, z1 - 0.05], [s * (HALF - 0.62), FLOOR, z1 - 0.05], [s * (HALF - 0.62), FLOOR, z0 + 0.05]], '#000000', ' opacity="0.12"');
  out += box(lo(s * (HALF - 0.13), outer), hi(s * (HALF - 0.13), outer), 0.38, 0.86, z0, z1, darken(seat, 0.08));
  out += box(lo(inner, outer), hi(inner, outer), 0.86, 0.98, z0, z1, seat);
  // Seat divisions on the cushion.
  for (let z = z0 + 0.5; z < z1 - 0.1; z += 0.5) out += line([inner, 0.86, z], [s * (HALF - 0.13), 0.86, z], darken(seat, 0.2), 12 / z, ' opacity="0.5"');
  // End partitions with a steel rail.
  for (const z of [z0, z1]) {
    out += poly([[outer, 0.05, z], [s * (HALF - 0.5), 0.05, z], [s * (HALF - 0.5), 0.98, z], [outer, 0.98, z]], ctx.lit('#e9ecee'), ' opacity="0.6"');
    out += line([s * (HALF - 0.5), 0.05, z], [s * (HALF - 0.5), FLOOR, z], ctx.lit('#b9bfc4'), 40 / z);
  }
  return out;
}

export const trainCarriage: Archetype = {
  id: 'train_carriage',
  indoor: true,
  keywords: {
    en: ['train', 'inside the train', 'carriage', 'train car', 'subway car', 'commuter train', 'on the train'],
    ja: ['電車', '車内', '車両', '列車', '地下鉄', '電車の中'],
  },
  draw(ctx) {
    const wallBase = ctx.rng.pick(['#ece9e0', '#e6e8e4', '#eeeae2']);
    const wall = ctx.lit(wallBase);
    const seat = ctx.lit(ctx.rng.pick(['#3f6fa8', '#4f8a5b', '#a84f5f', '#6a5aa8']));
    // Ceiling: flat centre with light strips, sloping sides, then the walls.
    let out = poly([[-ROOF_X, ROOF, NEAR], [ROOF_X, ROOF, NEAR], [ROOF_X, ROOF, FAR], [-ROOF_X, ROOF, FAR]], lighten(wall, 0.1));
    for (const s of [-1, 1]) {
      out += poly([[s * ROOF_X, ROOF, NEAR], [s * HALF, WALL_TOP, NEAR], [s * HALF, WALL_TOP, FAR], [s * ROOF_X, ROOF, FAR]], darken(wall, 0.04));
      out += poly([[s * HALF, WALL_TOP, NEAR], [s * HALF, WALL_TOP, FAR], [s * HALF, FLOOR, FAR], [s * HALF, FLOOR, NEAR]], darken(wall, s < 0 ? 0.06 : 0.1));
    }
    // End wall with the gangway door into the next car.
    out += poly([[-HALF, WALL_TOP, FAR], [-ROOF_X, ROOF, FAR], [ROOF_X, ROOF, FAR], [HALF, WALL_TOP, FAR], [HALF, FLOOR, FAR], [-HALF, FLOOR, FAR]], darken(wall, 0.03));
    out += poly([[-0.45, -0.6, FAR], [0.45, -0.6, FAR], [0.45, FLOOR, FAR], [-0.45, FLOOR, FAR]], ctx.lit('#b9c0c6'));
    out += poly([[-0.3, -0.45, FAR], [0.3, -0.45, FAR], [0.3, 0.35, FAR], [-0.3, 0.35, FAR]], mix(lighten(wall, 0.2), ctx.lit('#9fb4c4'), 0.5));
    // Floor: darker along the seats, lighter aisle.
    out += poly([[-HALF, FLOOR, NEAR], [HALF, FLOOR, NEAR], [HALF, FLOOR, FAR], [-HALF, FLOOR, FAR]], ctx.lit('#8c9094'));
    out += poly([[-0.62, FLOOR, NEAR], [0.62, FLOOR, NEAR], [0.62, FLOOR, FAR], [-0.62, FLOOR, FAR]], ctx.lit('#a7abae'));
    for (let z = 1.5; z < FAR; z += 1.5) out += line([-0.62, FLOOR, z], [0.62, FLOOR, z], ctx.lit('#9a9ea2'), 8 / z);
    out += sideWall(ctx, -1, wall) + sideWall(ctx, 1, wall);
    for (const s of [-1, 1]) for (const [z0, z1] of [...BENCHES].reverse()) out += bench(ctx, s, z0, z1, seat);
    // Luggage racks over the windows.
    for (const s of [-1, 1]) {
      out += poly([[s * HALF, -0.62, NEAR], [s * (HALF - 0.3), -0.6, NEAR], [s * (HALF - 0.3), -0.6, FAR], [s * HALF, -0.62, FAR]], ctx.lit('#b4bbc1'), ' opacity="0.75"');
      out += line([s * (HALF - 0.3), -0.6, NEAR], [s * (HALF - 0.3), -0.6, FAR], ctx.lit('#9aa2a8'), 3);
    }
    // Strap rails and hanging straps, far to near.
    const strap = ctx.lit('#f4f4f0');
    for (const s of [-1, 1]) out += line([s * 0.78, -0.9, NEAR + 0.2], [s * 0.78, -0.9, FAR], ctx.lit('#c9ced2'), 5);
    for (let z = FAR - 0.6; z > 1.1; z -= 0.75) {
      for (const s of [-1, 1]) {
        const [sx, sy] = pr([s * 0.78, -0.9, z]);
        const [, ey] = pr([s * 0.78, -0.48, z]);
        const r = 45 / z;
        out += `<line x1="${sx.toFixed(1)}" y1="${sy.toFixed(1)}" x2="${sx.toFixed(1)}" y2="${(ey - r).toFixed(1)}" stroke="${darken(strap, 0.08)}" stroke-width="${(14 / z + 1).toFixed(1)}"/>`;
        out += `<path d="M${(sx - r).toFixed(1)} ${(ey + r * 0.6).toFixed(1)} L${sx.toFixed(1)} ${(ey - r).toFixed(1)} L${(sx + r).toFixed(1)} ${(ey + r * 0.6).toFixed(1)} Z" fill="none" stroke="${strap}" stroke-width="${(9 / z + 1).toFixed(1)}" stroke-linejoin="round"/>`;
      }
    }
    // Fluorescent light strips, always on in a train; brighter glow at night.
    for (const s of [-1, 1]) {
      out += poly([[s * 0.32, ROOF, NEAR], [s * 0.48, ROOF, NEAR], [s * 0.48, ROOF, FAR], [s * 0.32, ROOF, FAR]], ctx.glow('#fbfbf2'));
      out += poly([[s * 0.3, ROOF + 0.02, NEAR], [s * 0.5, ROOF + 0.02, NEAR], [s * 0.5, ROOF + 0.02, FAR], [s * 0.3, ROOF + 0.02, FAR]], 'none', ` stroke="${darken(wall, 0.12)}" stroke-width="1.5"`);
    }
    out += poly([[-0.12, ROOF, NEAR], [0.12, ROOF, NEAR], [0.12, ROOF, FAR], [-0.12, ROOF, FAR]], darken(wall, 0.06));
    const [gx, gy] = pr([0, 0.2, 4]);
    out += lampGlow(ctx, gx, gy, 520, ctx.lampsOn ? 0.22 : 0.1);
    out += cornerShade(ctx, '#101820', 0.25);
    return out;
  },
};
