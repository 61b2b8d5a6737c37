import { darken, lighten } from '../color';
import { H, W, type SceneContext } from '../scene-kit';
import type { Archetype } from '../archetypes/types';
import { streetCamera, type Pt } from '../street-camera';

// One-point perspective down the main aisle of a tall reading room.
const VX = 640;
const VY = 330;
const F = 700;
const FLOOR = -1.5;
const CEIL = 2.6;
const LEFT = -5;
const RIGHT = 5;
const FAR = 16;

const { p: P, pts, poly, side, front, floor: top, line } = streetCamera({ vx: VX, hz: VY, f: F, eye: 0 });

const SPINES = ['#8c3b3b', '#2f5d8a', '#3d7a4f', '#b8893a', '#6b4c8a', '#d9cdb8', '#a34f2f', '#35485e', '#c7b27a'];

/** Shelves full of books on a face looking at the camera. */
function frontShelves(ctx: SceneContext, x0: number, x1: number, y0: number, y1: number, z: number, rows: number): string {
  const wood = ctx.lit('#7a5234');
  let out = front(x0, x1, y0, y1, z, wood);
  const h = (y1 - y0 - 0.1) / rows;
  for (let r = 0; r < rows; r++) {
    const sy = y0 + 0.08 + r * h;
    out += front(x0 + 0.06, x1 - 0.06, sy, sy + h - 0.05, z, darken(wood, 0.55));
    let x = x0 + 0.08;
    while (x < x1 - 0.12) {
      const w = ctx.rng.range(0.05, 0.11) * (z / 8 + 0.4);
      if (ctx.rng.chance(0.06)) { x += w * 2; continue; }
      const bt = sy + h - 0.05 - ctx.rng.range(0.02, 0.1);
      out += front(x, Math.min(x + w, x1 - 0.08), sy, bt, z, ctx.lit(ctx.rng.pick(SPINES)));
      x += w + 0.005;
    }
  }
  return out;
}

/** Shelves full of books along a wall plane x = const. */
function sideShelves(ctx: SceneContext, x: number, y0: number, y1: number, z0: number, z1: number, rows: number): string {
  const wood = ctx.lit('#7a5234');
  let out = side(x, y0, y1, z0, z1, darken(wood, 0.1));
  const h = (y1 - y0 - 0.1) / rows;
  for (let r = 0; r < rows; r++) {
    const sy = y0 + 0.08 + r * h;
    out += side(x, sy, sy + h - 0.05, z0 + 0.05, z1 - 0.05, darken(wood, 0.55));
    let z = z0 + 0.06;
    while (z < z1 - 0.12) {
      const d = ctx.rng.range(0.07, 0.13) * (z / 4);
      const bt = sy + h - 0.05 - ctx.rng.range(0.02, 0.1);
      out += side(x, sy, bt, z, Math.min(z + d, z1 - 0.06), ctx.lit(ctx.rng.pick(SPINES)));
      z += d + 0.01;
    }
  }
  return out;
}

function table(ctx: SceneContext, x0: number, x1: number, z0: number, z1: number): string {
  const wood = ctx.lit('#9a6a40');
  const ty = FLOOR + 0.76;
  let out = '';
  for (const x of [x0 + 0.1, x1 - 0.1]) out += line(P(x, ty, z1 - 0.1), P(x, FLOOR, z1 - 0.1), darken(wood, 0.35), 40 / z1);
  out += top(ty, x0, x1, z0, z1, lighten(wood, 0.08));
  out += front(x0, x1, ty - 0.08, ty, z0, darken(wood, 0.2));
  for (const x of [x0 + 0.1, x1 - 0.1]) out += line(P(x, ty - 0.08, z0 + 0.1), P(x, FLOOR, z0 + 0.1), darken(wood, 0.25), 45 / z0);
  // A green banker's lamp and a few books on each table.
  const lx = (x0 + x1) / 2;
  const lz = (z0 + z1) / 2;
  out += line(P(lx, ty, lz), P(lx, ty + 0.3, lz), ctx.lit('#b08a3c'), 30 / lz);
  out += front(lx - 0.22, lx + 0.22, ty + 0.28, ty + 0.4, lz, ctx.lampsOn ? ctx.glow('#6fbf7f') : ctx.lit('#2f6b45'), ` stroke="${ctx.lit('#b08a3c')}" stroke-width="1"`);
  if (ctx.lampsOn) {
    const [gx, gy] = P(lx, ty + 0.2, lz);
    const g = ctx.uid('desk');
    out += `<defs><radialGradient id="${g}"><stop offset="0" stop-color="#ffe7a8" stop-opacity="0.6"/><stop offset="1" stop-color="#ffe7a8" stop-opacity="0"/></radialGradient></defs><ellipse cx="${gx.toFixed(1)}" cy="${gy.toFixed(1)}" rx="${(1100 / lz).toFixed(1)}" ry="${(420 / lz).toFixed(1)}" fill="url(#${g})"/>`;
  }
  const bx = x0 + ctx.rng.range(0.2, 0.5);
  for (let i = 0; i < 3; i++) out += front(bx, bx + 0.45 - i * 0.05, ty + i * 0.06, ty + i * 0.06 + 0.05, z0 + 0.3, ctx.lit(ctx.rng.pick(SPINES)));
  return out;
}

export const library: Archetype = {
  id: 'library',
  indoor: true,
  keywords: {
    en: ['library', 'school library', 'reading room', 'study hall', 'archive', 'bookshelves', 'stacks'],
    ja: ['図書館', '図書室', '書庫', '閲覧室', '自習室', '本棚'],
  },
  draw(ctx) {
    let out = `<rect width="${W}" height="${H}" fill="${ctx.lit('#e6d6bb')}"/>`;
    const ceil = ctx.uid('ceil');
    out += `<defs><linearGradient id="${ceil}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#cdbb9c')}"/><stop offset="1" stop-color="${ctx.lit('#eadcc2')}"/></linearGradient></defs>`;
    out += poly([P(LEFT, CEIL, 1), P(RIGHT, CEIL, 1), P(RIGHT, CEIL, FAR), P(LEFT, CEIL, FAR)], `url(#${ceil})`);
    for (let z = 4; z < FAR; z += 3) out += poly([P(LEFT, CEIL, z), P(RIGHT, CEIL, z), P(RIGHT, CEIL - 0.2, z), P(LEFT, CEIL - 0.2, z)], ctx.lit('#b89f7a'));
    const floor = ctx.uid('floor');
    out += `<defs><linearGradient id="${floor}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#8e6440')}"/><stop offset="1" stop-color="${ctx.lit('#b58457')}"/></linearGradient></defs>`;
    out += poly([P(LEFT, FLOOR, 1), P(RIGHT, FLOOR, 1), P(RIGHT, FLOOR, FAR), P(LEFT, FLOOR, FAR)], `url(#${floor})`);
    for (let x = LEFT; x < RIGHT; x += 0.5) out += line(P(x, FLOOR, 1.5), P(x, FLOOR, FAR), ctx.lit('#7d5535'), 1);
    out += poly([P(-1.1, FLOOR, 1), P(1.1, FLOOR, 1), P(1.1, FLOOR, FAR), P(-1.1, FLOOR, FAR)], ctx.lit('#8a3a36'));
    out += poly([P(-0.95, FLOOR, 1), P(0.95, FLOOR, 1), P(0.95, FLOOR, FAR), P(-0.95, FLOOR, FAR)], ctx.lit('#9e4a42'));
    // Far wall: an arched window flanked by full bookcases.
    out += front(LEFT, RIGHT, FLOOR, CEIL, FAR, ctx.lit('#e2d2b4'));
    const [ax0, ay0] = P(-1.3, 2.1, FAR);
    const [ax1, ay1] = P(1.3, -0.3, FAR);
    const r = (ax1 - ax0) / 2;
    const arch = ctx.uid('arch');
    out += `<defs><clipPath id="${arch}"><path d="M${ax0} ${ay1} L${ax0} ${ay0 + r} A${r} ${r} 0 0 1 ${ax1} ${ay0 + r} L${ax1} ${ay1} Z"/></clipPath></defs>`;
    out += `<g clip-path="url(#${arch})">${ctx.windowView(ax0, ay0, ax1 - ax0, ay1 - ay0)}</g>`;
    const mull = ctx.lit('#6b4a30');
    out += `<path d="M${ax0} ${ay1} L${ax0} ${ay0 + r} A${r} ${r} 0 0 1 ${ax1} ${ay0 + r} L${ax1} ${ay1} Z M${(ax0 + ax1) / 2} ${ay0} L${(ax0 + ax1) / 2} ${ay1} M${ax0} ${ay0 + r} L${ax1} ${ay0 + r}" fill="none" stroke="${mull}" stroke-width="3"/>`;
    out += frontShelves(ctx, LEFT, -1.6, FLOOR, 1.8, FAR - 0.05, 6) + frontShelves(ctx, 1.6, RIGHT, FLOOR, 1.8, FAR - 0.05, 6);
    // Left wall: tall windows above low bookcases.
    out += side(LEFT, FLOOR, CEIL, 1, FAR, ctx.lit('#eadbc0'));
    const panes: Pt[][] = [];
    for (const z of [5.5, 9, 12.5]) panes.push([P(LEFT, 2.1, z), P(LEFT, 2.1, z + 2.4), P(LEFT, -0.3, z + 2.4), P(LEFT, -0.3, z)]);
    const clip = ctx.uid('panes');
    const all = panes.flat();
    const bx = Math.min(...all.map((p) => p[0]));
    const by = Math.min(...all.map((p) => p[1]));
    out += `<defs><clipPath id="${clip}">${panes.map((q) => `<polygon points="${pts(q)}"/>`).join('')}</clipPath></defs>`;
    out += `<g clip-path="url(#${clip})">${ctx.windowView(bx, by, Math.max(...all.map((p) => p[0])) - bx, Math.max(...all.map((p) => p[1])) - by)}</g>`;
    for (const z of [5.5, 9, 12.5]) {
      out += side(LEFT, -0.3, 2.1, z, z + 2.4, 'none', ` stroke="${mull}" stroke-width="${(40 / z).toFixed(1)}"`);
      out += line(P(LEFT, 2.1, z + 1.2), P(LEFT, -0.3, z + 1.2), mull, 20 / z);
      out += line(P(LEFT, 1.4, z), P(LEFT, 1.4, z + 2.4), mull, 20 / z);
    }
    out += sideShelves(ctx, LEFT + 0.4, FLOOR, -0.4, 1, FAR - 0.1, 2);
    out += top(-0.4, LEFT, LEFT + 0.4, 1, FAR - 0.1, ctx.lit('#8f6442'));
    // Right wall lined with shelves, and freestanding stacks showing their book faces.
    out += side(RIGHT, FLOOR, CEIL, 1, FAR, ctx.lit('#d8c6a6'));
    out += sideShelves(ctx, RIGHT - 0.4, FLOOR, 1.8, 1, FAR - 0.1, 7);
    for (const z of [13, 10, 7]) {
      out += side(2.2, FLOOR, 1.2, z, z + 0.7, ctx.lit('#5e3f28'));
      out += top(1.2, 2.2, RIGHT - 0.4, z, z + 0.7, ctx.lit('#a27550'));
      out += frontShelves(ctx, 2.2, RIGHT - 0.4, FLOOR, 1.2, z, 6);
    }
    // Sunlight on the floor from the windows.
    if (!ctx.lampsOn && ctx.weather !== 'rain' && ctx.weather !== 'fog') {
      for (const z of [5.5, 9, 12.5]) out += poly([P(LEFT + 0.4, FLOOR, z + 0.2), P(LEFT + 0.4, FLOOR, z + 2.2), P(LEFT + 3.2, FLOOR, z + 3.4), P(LEFT + 3.2, FLOOR, z + 1.4)], ctx.glow('#fff1cf'), ' opacity="0.2"');
    }
    // Reading tables with chairs along the window side.
    const chair = ctx.lit('#6e4a2e');
    for (const z of [12, 8.5, 5]) {
      for (const x of [-3.65, -2.35]) {
        out += front(x - 0.25, x + 0.25, FLOOR + 0.8, FLOOR + 0.98, z + 1.6, chair);
        out += front(x - 0.25, x - 0.19, FLOOR, FLOOR + 0.98, z + 1.6, chair) + front(x + 0.19, x + 0.25, FLOOR, FLOOR + 0.98, z + 1.6, chair);
      }
      out += table(ctx, -4.2, -1.7, z, z + 1.3);
      for (const x of [-3.6, -2.3]) {
        out += top(FLOOR + 0.45, x - 0.25, x + 0.25, z - 0.55, z - 0.1, lighten(chair, 0.1));
        out += front(x - 0.25, x + 0.25, FLOOR + 0.82, FLOOR + 1.0, z - 0.55, lighten(chair, 0.05));
        out += front(x - 0.25, x + 0.25, FLOOR + 0.6, FLOOR + 0.66, z - 0.55, chair);
        for (const px of [x - 0.25, x - 0.03, x + 0.19]) out += front(px, px + 0.06, FLOOR + 0.45, FLOOR + 0.9, z - 0.55, darken(chair, 0.05));
        out += line(P(x - 0.22, FLOOR + 0.45, z - 0.55), P(x - 0.22, FLOOR, z - 0.55), darken(chair, 0.2), 30 / z);
        out += line(P(x + 0.22, FLOOR + 0.45, z - 0.55), P(x + 0.22, FLOOR, z - 0.55), darken(chair, 0.2), 30 / z);
      }
    }
    // Pendant lamps down the aisle.
    for (const z of [13, 9.5, 6, 3.2]) {
      const [cx, cy] = P(0, CEIL, z);
      const [, sy] = P(0, 1.5, z);
      const s = F / z;
      out += `<line x1="${cx.toFixed(1)}" y1="${cy.toFixed(1)}" x2="${cx.toFixed(1)}" y2="${sy.toFixed(1)}" stroke="${ctx.lit('#3b2f26')}" stroke-width="${Math.max(1, s * 0.02).toFixed(1)}"/>`;
      if (ctx.lampsOn) {
        const g = ctx.uid('pend');
        out += `<defs><radialGradient id="${g}"><stop offset="0" stop-color="#ffe2a0" stop-opacity="0.55"/><stop offset="1" stop-color="#ffe2a0" stop-opacity="0"/></radialGradient></defs><circle cx="${cx.toFixed(1)}" cy="${(sy + s * 0.2).toFixed(1)}" r="${(s * 1.6).toFixed(1)}" fill="url(#${g})"/>`;
      }
      out += `<ellipse cx="${cx.toFixed(1)}" cy="${(sy + s * 0.22).toFixed(1)}" rx="${(s * 0.2).toFixed(1)}" ry="${(s * 0.05).toFixed(1)}" fill="${ctx.lampsOn ? ctx.glow('#fff0c0') : ctx.lit('#e8dcc0')}"/>`;
      out += `<path d="M${(cx - s * 0.08).toFixed(1)} ${sy.toFixed(1)} L${(cx + s * 0.08).toFixed(1)} ${sy.toFixed(1)} L${(cx + s * 0.2).toFixed(1)} ${(sy + s * 0.22).toFixed(1)} L${(cx - s * 0.2).toFixed(1)} ${(sy + s * 0.22).toFixed(1)} Z" fill="${ctx.lit('#2f5b45')}"/>`;
    }
    return out;
  },
};
