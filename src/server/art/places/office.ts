import { darken, lighten, mix } from '../color';
import { H, W, type SceneContext } from '../scene-kit';
import type { Archetype } from '../archetypes/types';
import { streetCamera, type Pt } from '../street-camera';

// One-point perspective across an open-plan office towards a wall of windows.
const VX = 640;
const VY = 295;
const F = 700;
const FLOOR = -1.5;
const CEIL = 1.35;
const LEFT = -6;
const RIGHT = 6;
const FAR = 17;

const { p: P, pts, poly, side, front, floor: flat, line } = streetCamera({ vx: VX, hz: VY, f: F, eye: 0 });

/** A row of desks facing the camera: chairs behind, monitors on top, a modesty panel in front. */
function deskRow(ctx: SceneContext, x0: number, x1: number, z: number): string {
  const ty = FLOOR + 0.72;
  const desk = ctx.lit('#e9e4da');
  const chair = ctx.lit('#3d4450');
  let out = '';
  const n = Math.round((x1 - x0) / 1.2);
  const step = (x1 - x0) / n;
  // Chair backs rise behind the desks.
  for (let i = 0; i < n; i++) {
    const cx = x0 + step * (i + 0.5) + ctx.rng.range(-0.1, 0.1);
    const [px, py] = P(cx, ty + 0.5, z + 1.2);
    const s = F / (z + 1.2);
    out += `<rect x="${(px - s * 0.24).toFixed(1)}" y="${py.toFixed(1)}" width="${(s * 0.48).toFixed(1)}" height="${(s * 0.55).toFixed(1)}" rx="${(s * 0.1).toFixed(1)}" fill="${chair}"/>`;
  }
  out += flat(ty, x0, x1, z, z + 0.85, desk);
  // Low partition screen down the middle of the bank.
  out += front(x0, x1, ty, ty + 0.32, z + 0.85, ctx.lit('#9fb2ad'));
  out += front(x0, x1, ty + 0.3, ty + 0.34, z + 0.85, ctx.lit('#7d8b88'));
  for (let i = 0; i < n; i++) {
    const mx = x0 + step * (i + 0.5);
    const s = F / (z + 0.5);
    const screenOn = ctx.lampsOn || ctx.rng.chance(0.7);
    out += front(mx - 0.04, mx + 0.04, ty, ty + 0.18, z + 0.55, ctx.lit('#4a4f57'));
    out += flat(ty + 0.005, mx - 0.14, mx + 0.14, z + 0.45, z + 0.62, ctx.lit('#4a4f57'));
    out += front(mx - 0.3, mx + 0.3, ty + 0.15, ty + 0.52, z + 0.5, ctx.lit('#2b2f36'));
    const screen = screenOn ? ctx.glow(ctx.rng.pick(['#bfe1ff', '#d6ecff', '#cfe9e0'])) : ctx.lit('#3c4654');
    out += front(mx - 0.27, mx + 0.27, ty + 0.18, ty + 0.49, z + 0.5, screen);
    if (screenOn) {
      for (let k = 0; k < 3; k++) out += front(mx - 0.22, mx - 0.22 + ctx.rng.range(0.15, 0.4), ty + 0.42 - k * 0.07, ty + 0.44 - k * 0.07, z + 0.5, ctx.lit('#8fa6bd'));
      if (ctx.lampsOn) {
        const [gx, gy] = P(mx, ty + 0.3, z + 0.5);
        out += `<ellipse cx="${gx.toFixed(1)}" cy="${gy.toFixed(1)}" rx="${(s * 0.5).toFixed(1)}" ry="${(s * 0.3).toFixed(1)}" fill="#bfe1ff" opacity="0.06"/>`;
      }
    }
    // Keyboard, papers, a mug.
    out += flat(ty + 0.005, mx - 0.2, mx + 0.2, z + 0.12, z + 0.3, ctx.lit('#c9cdd3'));
    if (ctx.rng.chance(0.5)) out += flat(ty + 0.005, mx + 0.3, mx + 0.52, z + 0.1, z + 0.4, ctx.lit('#fbfbf7'));
    if (ctx.rng.chance(0.4)) out += front(mx - 0.48, mx - 0.4, ty, ty + 0.1, z + 0.2, ctx.lit(ctx.rng.pick(['#d9534f', '#f4f1ea', '#3b7dd8'])));
  }
  out += front(x0, x1, ty - 0.04, ty, z, darken(desk, 0.15));
  out += front(x0 + 0.05, x1 - 0.05, FLOOR + 0.1, ty - 0.04, z + 0.05, ctx.lit('#aab0b8'));
  for (let x = x0; x <= x1 + 0.01; x += step) out += front(x - 0.03, x + 0.03, FLOOR, ty - 0.04, z, ctx.lit('#8d939b'));
  return out;
}

function plant(ctx: SceneContext, x: number, z: number, size: number): string {
  const [px, py] = P(x, FLOOR, z);
  const s = (F / z) * size;
  let out = `<path d="M${(px - s * 0.2).toFixed(1)} ${(py - s * 0.45).toFixed(1)} L${(px + s * 0.2).toFixed(1)} ${(py - s * 0.45).toFixed(1)} L${(px + s * 0.15).toFixed(1)} ${py.toFixed(1)} L${(px - s * 0.15).toFixed(1)} ${py.toFixed(1)} Z" fill="${ctx.lit('#e4ddd0')}"/>`;
  const leaf = ctx.lit('#4f8a4a');
  for (let i = 0; i < 9; i++) {
    const a = -Math.PI / 2 + ctx.rng.range(-1.2, 1.2);
    const len = s * ctx.rng.range(0.5, 0.95);
    const ex = px + Math.cos(a) * len;
    const ey = py - s * 0.45 + Math.sin(a) * len;
    out += `<path d="M${px.toFixed(1)} ${(py - s * 0.45).toFixed(1)} Q${((px + ex) / 2 + s * 0.12).toFixed(1)} ${((py - s * 0.45 + ey) / 2).toFixed(1)} ${ex.toFixed(1)} ${ey.toFixed(1)} Q${((px + ex) / 2 - s * 0.12).toFixed(1)} ${((py - s * 0.45 + ey) / 2).toFixed(1)} ${px.toFixed(1)} ${(py - s * 0.45).toFixed(1)} Z" fill="${i % 2 ? leaf : lighten(leaf, 0.12)}"/>`;
  }
  return out;
}

export const office: Archetype = {
  id: 'office',
  indoor: true,
  keywords: {
    en: ['office', 'workplace', 'company', 'cubicle', 'work desk', 'headquarters', 'open-plan office', 'business office'],
    ja: ['オフィス', '会社', '事務所', '職場', '社内', '執務室'],
  },
  draw(ctx) {
    let out = `<rect width="${W}" height="${H}" fill="${ctx.lit('#e9e7e2')}"/>`;
    // Grid ceiling with recessed light panels.
    out += poly([P(LEFT, CEIL, 1), P(RIGHT, CEIL, 1), P(RIGHT, CEIL, FAR), P(LEFT, CEIL, FAR)], ctx.lit('#e6e5e0'));
    const grid = ctx.lit('#c9c8c2');
    for (let x = LEFT; x <= RIGHT; x += 1.2) out += line(P(x, CEIL, 1.3), P(x, CEIL, FAR), grid, 1);
    for (let z = 2; z < FAR; z += 1.2) out += line(P(LEFT, CEIL, z), P(RIGHT, CEIL, z), grid, 1);
    // Carpet floor.
    const carpet = ctx.uid('carpet');
    out += `<defs><linearGradient id="${carpet}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#7f8a96')}"/><stop offset="1" stop-color="${ctx.lit('#5f6a77')}"/></linearGradient></defs>`;
    out += poly([P(LEFT, FLOOR, 1), P(RIGHT, FLOOR, 1), P(RIGHT, FLOOR, FAR), P(LEFT, FLOOR, FAR)], `url(#${carpet})`);
    for (let x = LEFT; x <= RIGHT; x += 1) out += line(P(x, FLOOR, 1.5), P(x, FLOOR, FAR), ctx.lit('#6b7480'), 1);
    for (let z = 3; z < FAR; z += 1) out += line(P(LEFT, FLOOR, z), P(RIGHT, FLOOR, z), ctx.lit('#6b7480'), 0.8);
    // Far wall and left wall: floor-to-ceiling glass over the city.
    const [fx0, fy0] = P(LEFT, CEIL - 0.1, FAR);
    const [fx1, fy1] = P(RIGHT, FLOOR + 0.15, FAR);
    out += ctx.windowView(fx0, fy0, fx1 - fx0, fy1 - fy0);
    const mull = ctx.lit('#59616b');
    for (let x = LEFT; x <= RIGHT + 0.01; x += 1.5) out += line(P(x, CEIL, FAR), P(x, FLOOR, FAR), mull, 4);
    out += line(P(LEFT, FLOOR + 0.15, FAR), P(RIGHT, FLOOR + 0.15, FAR), mull, 6);
    const panes: Pt[] = [P(LEFT, CEIL - 0.1, 5), P(LEFT, CEIL - 0.1, FAR), P(LEFT, FLOOR + 0.15, FAR), P(LEFT, FLOOR + 0.15, 5)];
    const clip = ctx.uid('side');
    const bx = Math.min(...panes.map((p) => p[0]));
    const by = Math.min(...panes.map((p) => p[1]));
    out += `<defs><clipPath id="${clip}"><polygon points="${pts(panes)}"/></clipPath></defs>`;
    out += `<g clip-path="url(#${clip})">${ctx.windowView(bx, by, Math.max(...panes.map((p) => p[0])) - bx, Math.max(...panes.map((p) => p[1])) - by)}</g>`;
    for (let z = 5; z <= FAR; z += 1.5) out += line(P(LEFT, CEIL, z), P(LEFT, FLOOR, z), mull, 60 / z);
    out += side(LEFT, FLOOR, FLOOR + 0.15, 1, FAR, mull);
    out += side(LEFT, CEIL - 0.1, CEIL, 1, FAR, ctx.lit('#d4d2cc'));
    // Blinds half drawn on the side windows.
    out += side(LEFT + 0.02, CEIL - 0.75, CEIL - 0.1, 5, FAR, ctx.lit('#eeeae0'), ' opacity="0.9"');
    for (let y = CEIL - 0.7; y < CEIL - 0.1; y += 0.1) out += line(P(LEFT + 0.02, y, 5), P(LEFT + 0.02, y, FAR), ctx.lit('#cfcabd'), 1);
    // Right wall: a whiteboard, a door, a clock, a water cooler.
    out += side(RIGHT, FLOOR, CEIL, 1, FAR, ctx.lit('#d9d6ce'));
    out += side(RIGHT, FLOOR, FLOOR + 0.1, 1, FAR, ctx.lit('#8a8e94'));
    out += side(RIGHT - 0.01, -0.4, 0.9, 8, 12, ctx.lit('#f7f8f8'), ` stroke="${ctx.lit('#9aa0a6')}" stroke-width="3"`);
    for (let i = 0; i < 3; i++) out += line(P(RIGHT - 0.02, 0.6 - i * 0.3, 8.5), P(RIGHT - 0.02, 0.55 - i * 0.3, 8.5 + ctx.rng.range(1, 2.5)), ctx.lit(ctx.rng.pick(['#3b6fc0', '#d9534f', '#333333'])), 2);
    out += side(RIGHT - 0.01, FLOOR, 0.6, 13.5, 14.8, ctx.lit('#9b7a58'));
    out += side(RIGHT - 0.01, -0.6, -0.5, 14.5, 14.65, ctx.lit('#d8d8d0'));
    const [kx, ky] = P(RIGHT, 1.0, 10);
    out += `<ellipse cx="${kx.toFixed(1)}" cy="${ky.toFixed(1)}" rx="9" ry="15" fill="${ctx.lit('#fbfbf8')}" stroke="${ctx.lit('#4a4f57')}" stroke-width="2.5"/>`;
    out += front(RIGHT - 0.5, RIGHT - 0.1, FLOOR, FLOOR + 1.0, 7, ctx.lit('#e8ebee')) + front(RIGHT - 0.45, RIGHT - 0.15, FLOOR + 1.0, FLOOR + 1.45, 7, ctx.lit('#a9cbe6'), ' opacity="0.9"');
    // Window light across the carpet in the daytime.
    if (!ctx.lampsOn && ctx.weather !== 'rain' && ctx.weather !== 'fog') {
      out += poly([P(LEFT, FLOOR, 5), P(LEFT, FLOOR, FAR), P(-1.5, FLOOR, FAR), P(-1.5, FLOOR, 5)], ctx.glow('#fff6e0'), ' opacity="0.12"');
    }
    // Desk banks, far to near, leaving the central aisle free.
    for (const z of [14, 11.5, 9, 6.5, 4]) {
      out += deskRow(ctx, LEFT + 0.7, -1.3, z);
      out += deskRow(ctx, 1.3, RIGHT - 0.8, z);
    }
    out += plant(ctx, -0.9, 15.5, 1.2) + plant(ctx, 0.9, 15.5, 1.2) + plant(ctx, RIGHT - 0.5, 3.4, 1.1);
    // Ceiling light panels.
    for (let z = 2.6; z < FAR; z += 2.4) {
      for (const x of [-3.6, 0, 3.6]) {
        out += flat(CEIL - 0.01, x - 0.55, x + 0.55, z, z + 0.6, ctx.lampsOn ? ctx.glow('#fffbea') : mix(ctx.lit('#f4f4f0'), ctx.lit('#ffffff'), 0.5), ` stroke="${grid}" stroke-width="1"`);
        if (ctx.lampsOn) {
          const [gx, gy] = P(x, CEIL, z + 0.3);
          const g = ctx.uid('panel');
          out += `<defs><radialGradient id="${g}"><stop offset="0" stop-color="#fff4d6" stop-opacity="0.45"/><stop offset="1" stop-color="#fff4d6" stop-opacity="0"/></radialGradient></defs><ellipse cx="${gx.toFixed(1)}" cy="${(gy + 8).toFixed(1)}" rx="${(1000 / z).toFixed(1)}" ry="${(380 / z).toFixed(1)}" fill="url(#${g})"/>`;
        }
      }
    }
    return out;
  },
};
