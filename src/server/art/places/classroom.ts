import { darken, lighten, mix } from '../color';
import { H, W, type SceneContext } from '../scene-kit';
import type { Archetype } from '../archetypes/types';
import { streetCamera, type Pt } from '../street-camera';

// One-point perspective: camera at the back of the room, eye 1.5 m above the floor.
const VX = 640;
const VY = 320;
const F = 775;
const FLOOR = -1.5;
const CEIL = 1.6;
const LEFT = -4;
const RIGHT = 4;
const FAR = 10;

const { p: P, pts, poly, line } = streetCamera({ vx: VX, hz: VY, f: F, eye: 0 });

function desk(ctx: SceneContext, x: number, z: number): string {
  const top = ctx.lit('#d9b07a');
  const metal = ctx.lit('#6d7681');
  const panel = ctx.lit('#8d949c');
  const w = 0.32;
  const d = 0.24;
  const ty = FLOOR + 0.74;
  const s = F / z;
  let out = '';
  // Back legs, then the drawer box and top, then front legs.
  for (const lx of [x - w + 0.03, x + w - 0.03]) out += line(P(lx, ty, z + d), P(lx, FLOOR, z + d), darken(metal, 0.2), 0.035 * s);
  const side = x < 0 ? x + w : x - w;
  out += poly([P(side, ty, z + d), P(side, ty, z - d), P(side, ty - 0.14, z - d), P(side, ty - 0.14, z + d)], darken(panel, 0.15));
  out += poly([P(x - w, ty, z - d), P(x + w, ty, z - d), P(x + w, ty - 0.14, z - d), P(x - w, ty - 0.14, z - d)], panel);
  out += poly([P(x - w, ty, z + d), P(x + w, ty, z + d), P(x + w, ty, z - d), P(x - w, ty, z - d)], top);
  out += poly([P(x - w, ty, z - d), P(x + w, ty, z - d), P(x + w, ty - 0.03, z - d), P(x - w, ty - 0.03, z - d)], darken(top, 0.25));
  for (const lx of [x - w + 0.03, x + w - 0.03]) out += line(P(lx, ty - 0.14, z - d), P(lx, FLOOR, z - d), metal, 0.04 * s);
  if (ctx.rng.chance(0.25)) {
    const bx = x + ctx.rng.range(-0.15, 0.05);
    out += poly([P(bx, ty, z + 0.08), P(bx + 0.16, ty, z + 0.08), P(bx + 0.16, ty, z - 0.1), P(bx, ty, z - 0.1)], ctx.lit(ctx.rng.pick(['#e9e4d8', '#7fa7d9', '#e58f8f'])));
  }
  return out;
}

function chair(ctx: SceneContext, x: number, z: number): string {
  const wood = ctx.lit('#c4925c');
  const metal = ctx.lit('#5f6873');
  const s = F / z;
  const sy = FLOOR + 0.44;
  const h = 0.2;
  let out = '';
  for (const lx of [x - h + 0.02, x + h - 0.02]) out += line(P(lx, sy, z + h), P(lx, FLOOR, z + h), darken(metal, 0.2), 0.03 * s);
  out += poly([P(x - h, sy, z + h), P(x + h, sy, z + h), P(x + h, sy, z - h), P(x - h, sy, z - h)], wood);
  for (const lx of [x - h + 0.02, x + h - 0.02]) {
    out += line(P(lx, sy, z - h), P(lx, FLOOR, z - h), metal, 0.035 * s);
    out += line(P(lx, sy, z - h), P(lx, sy + 0.42, z - h), metal, 0.035 * s);
  }
  out += poly([P(x - h, sy + 0.4, z - h), P(x + h, sy + 0.4, z - h), P(x + h, sy + 0.24, z - h), P(x - h, sy + 0.24, z - h)], lighten(wood, 0.06));
  out += poly([P(x - h, sy + 0.26, z - h), P(x + h, sy + 0.26, z - h), P(x + h, sy + 0.24, z - h), P(x - h, sy + 0.24, z - h)], darken(wood, 0.25));
  return out;
}

export const classroom: Archetype = {
  id: 'classroom',
  indoor: true,
  keywords: {
    en: ['classroom', 'class room', 'homeroom', 'lecture room', 'schoolroom', 'seminar room'],
    ja: ['教室', 'クラス', 'ホームルーム', '講義室', '学級'],
  },
  draw(ctx) {
    const { rng } = ctx;
    const wall = ctx.lit('#efe4cf');
    const day = !ctx.lampsOn;
    let out = `<rect width="${W}" height="${H}" fill="${wall}"/>`;
    // Ceiling, walls and floor.
    const ceil = ctx.uid('ceil');
    out += `<defs><linearGradient id="${ceil}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#dcd8cf')}"/><stop offset="1" stop-color="${ctx.lit('#f2efe8')}"/></linearGradient></defs>`;
    out += poly([P(LEFT, CEIL, 1), P(RIGHT, CEIL, 1), P(RIGHT, CEIL, FAR), P(LEFT, CEIL, FAR)], `url(#${ceil})`);
    const farWall = ctx.uid('far');
    out += `<defs><linearGradient id="${farWall}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${ctx.lit('#f6ecd8')}"/><stop offset="1" stop-color="${ctx.lit('#e4d6bd')}"/></linearGradient></defs>`;
    out += poly([P(LEFT, CEIL, FAR), P(RIGHT, CEIL, FAR), P(RIGHT, FLOOR, FAR), P(LEFT, FLOOR, FAR)], `url(#${farWall})`);
    out += poly([P(LEFT, CEIL, 1), P(LEFT, CEIL, FAR), P(LEFT, FLOOR, FAR), P(LEFT, FLOOR, 1)], ctx.lit('#f3e9d6'));
    out += poly([P(RIGHT, CEIL, 1), P(RIGHT, CEIL, FAR), P(RIGHT, FLOOR, FAR), P(RIGHT, FLOOR, 1)], ctx.lit('#ddceb2'));
    const floor = ctx.uid('floor');
    out += `<defs><linearGradient id="${floor}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#a87a4e')}"/><stop offset="1" stop-color="${ctx.lit('#c99a66')}"/></linearGradient></defs>`;
    out += poly([P(LEFT, FLOOR, 1), P(RIGHT, FLOOR, 1), P(RIGHT, FLOOR, FAR), P(LEFT, FLOOR, FAR)], `url(#${floor})`);
    for (let x = LEFT + 0.4; x < RIGHT; x += 0.4) out += line(P(x, FLOOR, 1.2), P(x, FLOOR, FAR), ctx.lit('#8f6440'), 1.2);
    for (const z of [5, 6.2, 7.6, 9.0]) out += line(P(LEFT, FLOOR, z), P(RIGHT, FLOOR, z), ctx.lit('#9a6e46'), 0.8);
    // Baseboards and the wainscot band.
    out += poly([P(LEFT, FLOOR + 0.12, FAR), P(RIGHT, FLOOR + 0.12, FAR), P(RIGHT, FLOOR, FAR), P(LEFT, FLOOR, FAR)], ctx.lit('#7b5a3e'));
    out += poly([P(RIGHT, FLOOR + 0.12, 1), P(RIGHT, FLOOR + 0.12, FAR), P(RIGHT, FLOOR, FAR), P(RIGHT, FLOOR, 1)], ctx.lit('#6f5038'));
    out += poly([P(LEFT, FLOOR + 0.9, 1), P(LEFT, FLOOR + 0.9, FAR), P(LEFT, FLOOR, FAR), P(LEFT, FLOOR, 1)], ctx.lit('#d9c6a6'));
    // Windows along the left wall, with the sky beyond.
    const frame = ctx.lit('#c9ccd0');
    const wz = [4.2, 5.9, 7.4, 8.7, 9.7];
    const panes: Pt[][] = [];
    for (let i = 0; i < wz.length - 1; i++) panes.push([P(LEFT, 1.25, wz[i]! + 0.08), P(LEFT, 1.25, wz[i + 1]! - 0.08), P(LEFT, -0.55, wz[i + 1]! - 0.08), P(LEFT, -0.55, wz[i]! + 0.08)]);
    const clip = ctx.uid('pane');
    const all = panes.flat();
    const bx = Math.min(...all.map((p) => p[0]));
    const by = Math.min(...all.map((p) => p[1]));
    out += `<defs><clipPath id="${clip}">${panes.map((q) => `<polygon points="${pts(q)}"/>`).join('')}</clipPath></defs><g clip-path="url(#${clip})">${ctx.windowView(bx, by, Math.max(...all.map((p) => p[0])) - bx, Math.max(...all.map((p) => p[1])) - by)}</g>`;
    for (let i = 0; i < wz.length - 1; i++) {
      const z0 = wz[i]! + 0.08;
      const z1 = wz[i + 1]! - 0.08;
      out += line(P(LEFT, 1.25, (z0 + z1) / 2), P(LEFT, -0.55, (z0 + z1) / 2), frame, (0.05 * F) / z0);
      out += line(P(LEFT, 0.4, z0), P(LEFT, 0.4, z1), frame, 3);
    }
    for (const z of wz) out += line(P(LEFT, 1.27, z), P(LEFT, -0.57, z), frame, (0.09 * F) / z);
    out += line(P(LEFT, 1.27, 4.2), P(LEFT, 1.27, 9.7), frame, 5);
    out += line(P(LEFT, -0.57, 4.2), P(LEFT, -0.57, 9.7), ctx.lit('#b8bcc1'), 7);
    // Curtains gathered between windows.
    const curtain = ctx.lit('#f3ead6');
    for (const z of [4.2, 7.4, 9.7]) {
      const a = P(LEFT + 0.02, 1.35, z - 0.25);
      const b = P(LEFT + 0.02, -0.6, z + 0.25);
      out += `<path d="M${a[0].toFixed(1)} ${a[1].toFixed(1)} L${P(LEFT + 0.02, 1.35, z + 0.25)[0].toFixed(1)} ${P(LEFT, 1.35, z + 0.25)[1].toFixed(1)} Q${(b[0] - 6).toFixed(1)} ${((a[1] + b[1]) / 2).toFixed(1)} ${b[0].toFixed(1)} ${b[1].toFixed(1)} L${P(LEFT, -0.6, z - 0.25)[0].toFixed(1)} ${P(LEFT, -0.6, z - 0.25)[1].toFixed(1)} Q${(a[0] + 8).toFixed(1)} ${((a[1] + b[1]) / 2).toFixed(1)} ${a[0].toFixed(1)} ${a[1].toFixed(1)} Z" fill="${curtain}" stroke="${darken(curtain, 0.12)}" stroke-width="1.5"/>`;
    }
    // Blackboard, chalk tray, teacher's podium, clock.
    out += poly([P(-2.5, 1.0, FAR - 0.02), P(2.5, 1.0, FAR - 0.02), P(2.5, -0.45, FAR - 0.02), P(-2.5, -0.45, FAR - 0.02)], ctx.lit('#7a5638'));
    const board = ctx.uid('board');
    out += `<defs><linearGradient id="${board}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${ctx.lit('#3c6e56')}"/><stop offset="1" stop-color="${ctx.lit('#2a5242')}"/></linearGradient></defs>`;
    out += poly([P(-2.4, 0.93, FAR - 0.02), P(2.4, 0.93, FAR - 0.02), P(2.4, -0.38, FAR - 0.02), P(-2.4, -0.38, FAR - 0.02)], `url(#${board})`);
    const chalk = mix(ctx.lit('#ffffff'), ctx.lit('#3c6e56'), 0.35);
    for (let i = 0; i < 5; i++) {
      const [cx, cy] = P(rng.range(-2.1, 1.2), rng.range(-0.2, 0.75), FAR);
      out += `<path d="M${cx.toFixed(1)} ${cy.toFixed(1)} q10 -5 20 0 t20 0 t${rng.range(10, 40).toFixed(0)} 0" stroke="${chalk}" stroke-width="2" fill="none" opacity="0.7"/>`;
    }
    out += poly([P(-2.4, -0.38, FAR - 0.02), P(2.4, -0.38, FAR - 0.02), P(2.4, -0.42, FAR - 0.2), P(-2.4, -0.42, FAR - 0.2)], ctx.lit('#8a6444'));
    const [kx, ky] = P(0, 1.3, FAR);
    out += `<circle cx="${kx}" cy="${ky}" r="15" fill="${ctx.lit('#4a4f57')}"/><circle cx="${kx}" cy="${ky}" r="12" fill="${ctx.lit('#fbfaf5')}"/>`;
    out += `<path d="M${kx} ${ky} l0 -8 M${kx} ${ky} l6 3" stroke="${ctx.lit('#222222')}" stroke-width="1.6" stroke-linecap="round"/>`;
    out += poly([P(-0.7, FLOOR + 1.05, FAR - 1), P(0.7, FLOOR + 1.05, FAR - 1), P(0.7, FLOOR + 1.05, FAR - 1.6), P(-0.7, FLOOR + 1.05, FAR - 1.6)], ctx.lit('#b88653'));
    out += poly([P(-0.7, FLOOR + 1.05, FAR - 1.6), P(0.7, FLOOR + 1.05, FAR - 1.6), P(0.7, FLOOR, FAR - 1.6), P(-0.7, FLOOR, FAR - 1.6)], ctx.lit('#9a6c42'));
    // Notices pinned beside the board; the door and cubby lockers on the right wall.
    for (const [nx, c] of [[2.8, '#fff6d8'], [3.3, '#dbe9f7'], [-3.2, '#f9dede']] as const) {
      out += poly([P(nx, 0.7, FAR - 0.01), P(nx + 0.38, 0.7, FAR - 0.01), P(nx + 0.38, 0.2, FAR - 0.01), P(nx, 0.2, FAR - 0.01)], ctx.lit(c));
    }
    out += poly([P(RIGHT, 0.75, 8.2), P(RIGHT, 0.75, 9.5), P(RIGHT, FLOOR, 9.5), P(RIGHT, FLOOR, 8.2)], ctx.lit('#b08458'));
    out += poly([P(RIGHT, 0.55, 8.4), P(RIGHT, 0.55, 9.3), P(RIGHT, 0.0, 9.3), P(RIGHT, 0.0, 8.4)], ctx.lit('#e3e8ea'));
    const cub = ctx.lit('#c99e6c');
    out += poly([P(RIGHT - 0.45, FLOOR + 1.1, 5.0), P(RIGHT - 0.45, FLOOR + 1.1, 7.8), P(RIGHT - 0.45, FLOOR, 7.8), P(RIGHT - 0.45, FLOOR, 5.0)], cub);
    out += poly([P(RIGHT - 0.45, FLOOR + 1.1, 5.0), P(RIGHT - 0.45, FLOOR + 1.1, 7.8), P(RIGHT, FLOOR + 1.1, 7.8), P(RIGHT, FLOOR + 1.1, 5.0)], lighten(cub, 0.15));
    out += poly([P(RIGHT - 0.45, FLOOR + 1.1, 5.0), P(RIGHT, FLOOR + 1.1, 5.0), P(RIGHT, FLOOR, 5.0), P(RIGHT - 0.45, FLOOR, 5.0)], darken(cub, 0.1));
    for (let z = 5.05; z < 7.7; z += 0.35) {
      for (const y of [FLOOR + 0.78, FLOOR + 0.42, FLOOR + 0.06]) {
        out += poly([P(RIGHT - 0.45, y + 0.3, z + 0.03), P(RIGHT - 0.45, y + 0.3, z + 0.32), P(RIGHT - 0.45, y, z + 0.32), P(RIGHT - 0.45, y, z + 0.03)], darken(cub, 0.45));
        if (rng.chance(0.4)) out += poly([P(RIGHT - 0.45, y + 0.18, z + 0.08), P(RIGHT - 0.45, y + 0.18, z + 0.26), P(RIGHT - 0.45, y, z + 0.26), P(RIGHT - 0.45, y, z + 0.08)], ctx.lit(rng.pick(['#d35d5d', '#4c6fb0', '#e7c95a', '#5a9a6e'])));
      }
    }
    // Sunlight falling through the windows onto the floor.
    if (day) {
      for (let i = 0; i < 3; i++) {
        const z0 = wz[i]! + 0.3;
        const z1 = wz[i + 1]! - 0.1;
        out += poly([P(LEFT, FLOOR, z0), P(LEFT + 1.6, FLOOR, z0 + 0.6), P(LEFT + 1.6, FLOOR, z1 + 0.6), P(LEFT, FLOOR, z1)], ctx.glow('#fff4d6'), ' opacity="0.22"');
      }
    }
    // Rows of desks and chairs, far to near; the middle stays clear close up.
    for (const z of [8.0, 6.9, 5.8, 4.7, 3.6]) {
      for (const x of [-2.8, -1.4, 0, 1.4, 2.5]) {
        if (z < 5 && Math.abs(x) < 2) continue;
        if (x > 2 && z < 7.9 && z > 4.9) continue;
        out += desk(ctx, x, z) + chair(ctx, x, z - 0.55);
      }
    }
    // Fluorescent lights on the ceiling.
    for (const z of [3.2, 5, 7, 9]) {
      for (const x of [-2, 2]) {
        const q = [P(x - 0.15, CEIL, z - 0.6), P(x + 0.15, CEIL, z - 0.6), P(x + 0.15, CEIL, z + 0.6), P(x - 0.15, CEIL, z + 0.6)];
        out += poly(q, ctx.lampsOn ? ctx.glow('#fffbea') : ctx.lit('#e8e8e4'), ` stroke="${ctx.lit('#b5b5b0')}" stroke-width="1"`);
        if (ctx.lampsOn) {
          const [gx, gy] = P(x, CEIL, z);
          const g = ctx.uid('lamp');
          out += `<defs><radialGradient id="${g}"><stop offset="0" stop-color="#fff3cf" stop-opacity="0.55"/><stop offset="1" stop-color="#fff3cf" stop-opacity="0"/></radialGradient></defs><ellipse cx="${gx.toFixed(1)}" cy="${(gy + 10).toFixed(1)}" rx="${(900 / z).toFixed(1)}" ry="${(420 / z).toFixed(1)}" fill="url(#${g})"/>`;
        }
      }
    }
    return out;
  },
};
