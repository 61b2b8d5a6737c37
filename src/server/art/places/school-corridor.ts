import { darken, lighten } from '../color';
import { H, W, type SceneContext } from '../scene-kit';
import type { Archetype } from '../archetypes/types';
import { streetCamera, type Pt } from '../street-camera';

// One-point perspective down a long school corridor.
const VX = 640;
const VY = 330;
const F = 640;
const FLOOR = -1.5;
const CEIL = 1.5;
const LEFT = -1.9;
const RIGHT = 1.9;
const NEAR = 1.2;
const FAR = 32;

const { p: P, pts, poly, side: sideRect, front: frontRect } = streetCamera({ vx: VX, hz: VY, f: F, eye: 0 });

function lockers(ctx: SceneContext, z0: number, z1: number): string {
  const steel = ctx.lit('#93a9bd');
  const x = RIGHT - 0.1;
  const top = FLOOR + 1.75;
  let out = sideRect(x, FLOOR, top, z0, z1, steel);
  out += poly([P(x, top, z0), P(x, top, z1), P(RIGHT, top, z1), P(RIGHT, top, z0)], lighten(steel, 0.2));
  out += frontRect(x, RIGHT, FLOOR, top, z0, darken(steel, 0.12));
  const n = Math.round((z1 - z0) / 0.42);
  const step = (z1 - z0) / n;
  for (let i = 0; i < n; i++) {
    const a = z0 + i * step + 0.02;
    const b = a + step - 0.04;
    for (const [y0, y1] of [[FLOOR + 0.1, FLOOR + 0.85], [FLOOR + 0.9, top - 0.05]] as const) {
      out += sideRect(x, y0, y1, a, b, i % 2 ? steel : lighten(steel, 0.05), ` stroke="${darken(steel, 0.25)}" stroke-width="${Math.max(0.5, 6 / a).toFixed(1)}"`);
      if (a < 14) {
        for (let v = 0; v < 3; v++) out += sideRect(x, y1 - 0.1 - v * 0.06, y1 - 0.08 - v * 0.06, a + 0.08, b - 0.08, darken(steel, 0.3));
        out += sideRect(x, y0 + 0.3, y0 + 0.42, b - 0.07, b - 0.04, ctx.lit('#4b5560'));
      }
    }
  }
  return out;
}

function door(ctx: SceneContext, z0: number, z1: number): string {
  const wood = ctx.lit('#b98b5e');
  const top = FLOOR + 2.05;
  let out = sideRect(RIGHT, FLOOR, top + 0.08, z0 - 0.06, z1 + 0.06, ctx.lit('#8a6646'));
  out += sideRect(RIGHT, FLOOR, top, z0, z1, wood);
  const mid = (z0 + z1) / 2;
  out += line(P(RIGHT, top, mid), P(RIGHT, FLOOR, mid), darken(wood, 0.3), 3 / Math.sqrt(mid));
  for (const [a, b] of [[z0 + 0.12, mid - 0.1], [mid + 0.1, z1 - 0.12]] as const) {
    out += sideRect(RIGHT, FLOOR + 1.1, FLOOR + 1.85, a, b, ctx.lit('#dfe9ee'));
    out += sideRect(RIGHT, FLOOR + 1.1, FLOOR + 1.85, a, a + (b - a) * 0.35, ctx.lit('#f4f8fa'));
  }
  // A room sign sticking out above the door.
  out += frontRect(RIGHT - 0.55, RIGHT, CEIL - 0.45, CEIL - 0.25, mid, ctx.lit('#f7f3e8'), ` stroke="${ctx.lit('#6d5a48')}" stroke-width="${(10 / mid).toFixed(1)}"`);
  out += frontRect(RIGHT - 0.45, RIGHT - 0.1, CEIL - 0.38, CEIL - 0.32, mid, ctx.lit('#6d6a66'));
  return out;
}

function line(a: Pt, b: Pt, stroke: string, width: number): string {
  return `<line x1="${a[0].toFixed(1)}" y1="${a[1].toFixed(1)}" x2="${b[0].toFixed(1)}" y2="${b[1].toFixed(1)}" stroke="${stroke}" stroke-width="${width.toFixed(1)}"/>`;
}

export const schoolCorridor: Archetype = {
  id: 'school_corridor',
  indoor: true,
  keywords: {
    en: ['school corridor', 'corridor', 'hallway', 'school hallway', 'hall', 'passage', 'shoe lockers', 'entrance hall'],
    ja: ['廊下', '学校の廊下', '通路', '下駄箱', '昇降口', '渡り廊下'],
  },
  draw(ctx) {
    const { rng } = ctx;
    let out = `<rect width="${W}" height="${H}" fill="${ctx.lit('#efe6d3')}"/>`;
    // End wall with a tall window, which makes the corridor glow at its far end.
    out += frontRect(LEFT, RIGHT, FLOOR, CEIL, FAR, ctx.lit('#e9dfca'));
    const [ex0, ey0] = P(-1.1, 1.1, FAR);
    const [ex1, ey1] = P(1.1, -0.6, FAR);
    out += ctx.windowView(ex0, ey0, ex1 - ex0, ey1 - ey0, { skyline: false });
    out += line(P(0, 1.1, FAR), P(0, -0.6, FAR), ctx.lit('#c8ccd0'), 2);
    // Ceiling and floor.
    const ceil = ctx.uid('ceil');
    out += `<defs><linearGradient id="${ceil}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#d8d3c8')}"/><stop offset="1" stop-color="${ctx.lit('#f1ede4')}"/></linearGradient></defs>`;
    out += poly([P(LEFT, CEIL, NEAR), P(RIGHT, CEIL, NEAR), P(RIGHT, CEIL, FAR), P(LEFT, CEIL, FAR)], `url(#${ceil})`);
    const floor = ctx.uid('floor');
    out += `<defs><linearGradient id="${floor}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#d9d2c0')}"/><stop offset="0.4" stop-color="${ctx.lit('#bfb59d')}"/><stop offset="1" stop-color="${ctx.lit('#a99c80')}"/></linearGradient></defs>`;
    const floorPoly: Pt[] = [P(LEFT, FLOOR, NEAR), P(RIGHT, FLOOR, NEAR), P(RIGHT, FLOOR, FAR), P(LEFT, FLOOR, FAR)];
    out += poly(floorPoly, `url(#${floor})`);
    const floorClip = ctx.uid('floorclip');
    out += `<defs><clipPath id="${floorClip}"><polygon points="${pts(floorPoly)}"/></clipPath></defs>`;
    // Left wall: a wainscot below, a run of windows above.
    out += sideRect(LEFT, FLOOR, CEIL, NEAR, FAR, ctx.lit('#f2e9d6'));
    out += sideRect(LEFT, FLOOR, FLOOR + 1.0, NEAR, FAR, ctx.lit('#9fb39a'));
    out += sideRect(LEFT, FLOOR + 0.95, FLOOR + 1.05, NEAR, FAR, ctx.lit('#7f9479'));
    out += sideRect(RIGHT, FLOOR, CEIL, NEAR, FAR, ctx.lit('#e6dbc4'));
    out += sideRect(RIGHT, FLOOR, FLOOR + 1.0, NEAR, FAR, ctx.lit('#93a78e'));
    const panes: Pt[][] = [];
    const wy0 = FLOOR + 1.15;
    const wy1 = CEIL - 0.3;
    for (let z = 1.3; z < FAR - 1; z += 2.2) panes.push([P(LEFT, wy1, z), P(LEFT, wy1, z + 1.9), P(LEFT, wy0, z + 1.9), P(LEFT, wy0, z)]);
    const all = panes.flat();
    const bx = Math.min(...all.map((p) => p[0]));
    const by = Math.min(...all.map((p) => p[1]));
    const clip = ctx.uid('panes');
    out += `<defs><clipPath id="${clip}">${panes.map((q) => `<polygon points="${pts(q)}"/>`).join('')}</clipPath></defs>`;
    out += `<g clip-path="url(#${clip})">${ctx.windowView(bx, by, Math.max(...all.map((p) => p[0])) - bx, Math.max(...all.map((p) => p[1])) - by)}</g>`;
    const frame = ctx.lit('#c4c8cc');
    for (let z = 1.3; z < FAR - 1; z += 2.2) {
      out += sideRect(LEFT, wy0, wy1, z, z + 1.9, 'none', ` stroke="${frame}" stroke-width="${(14 / z).toFixed(1)}"`);
      out += line(P(LEFT, wy1, z + 0.95), P(LEFT, wy0, z + 0.95), frame, 10 / z);
      out += line(P(LEFT, wy1 - 0.45, z), P(LEFT, wy1 - 0.45, z + 1.9), frame, 6 / z);
    }
    out += sideRect(LEFT, wy0 - 0.08, wy0, NEAR, FAR, ctx.lit('#b7bcc0'));
    // Polished floor: the windows' reflections and tile seams.
    const shine = ctx.lampsOn ? ctx.glow('#fff0c8') : ctx.lit('#ffffff');
    out += `<g clip-path="url(#${floorClip})" opacity="${ctx.lampsOn ? 0.12 : 0.2}">`;
    for (let z = 1.3; z < FAR - 1; z += 2.2) out += sideRect(LEFT, 2 * FLOOR - wy1, 2 * FLOOR - wy0, z, z + 1.9, shine);
    out += '</g>';
    if (!ctx.lampsOn && (ctx.weather === 'clear' || ctx.weather === 'cloudy')) {
      const sun = ctx.light.time === 'evening' ? '#ffc98a' : '#fff6dc';
      out += `<g clip-path="url(#${floorClip})" opacity="${ctx.weather === 'clear' ? 0.3 : 0.12}">`;
      for (let z = 1.3; z < FAR - 1; z += 2.2) out += poly([P(LEFT, FLOOR, z + 0.1), P(LEFT, FLOOR, z + 1.8), P(LEFT + 2.2, FLOOR, z + 2.6), P(LEFT + 2.2, FLOOR, z + 0.9)], ctx.glow(sun));
      out += '</g>';
    }
    for (let z = 2; z < FAR; z += z < 10 ? 1 : 2) out += line(P(LEFT, FLOOR, z), P(RIGHT, FLOOR, z), ctx.lit('#9d917a'), Math.max(0.5, 2.5 / Math.sqrt(z)));
    out += line(P(0, FLOOR, NEAR), P(0, FLOOR, FAR), ctx.lit('#a29679'), 1);
    // Right wall: classroom doors alternating with banks of lockers.
    for (let z = 27; z >= 0; z -= 5.4) {
      out += door(ctx, z + 3.2, z + 4.6);
      out += lockers(ctx, Math.max(z, 1.9), z + 2.6);
      if (z > 10 && rng.chance(0.6)) out += sideRect(RIGHT, FLOOR + 1.2, FLOOR + 1.9, z + 2.75, z + 3.1, ctx.lit('#f1e3b8'));
    }
    // A fire alarm and extinguisher near the front.
    out += sideRect(RIGHT - 0.01, FLOOR + 1.3, FLOOR + 1.55, 6.7, 6.95, ctx.lit('#d33b34'));
    // Ceiling lights and a beam every few metres.
    for (let z = FAR - 2; z > NEAR + 0.5; z -= 3) {
      out += poly([P(LEFT, CEIL, z), P(RIGHT, CEIL, z), P(RIGHT, CEIL - 0.15, z), P(LEFT, CEIL - 0.15, z)], ctx.lit('#ddd6c8'));
      const lamp: Pt[] = [P(-0.15, CEIL - 0.01, z - 1.2), P(0.15, CEIL - 0.01, z - 1.2), P(0.15, CEIL - 0.01, z - 0.2), P(-0.15, CEIL - 0.01, z - 0.2)];
      out += poly(lamp, ctx.lampsOn ? ctx.glow('#fffbe8') : ctx.lit('#f0f0ec'), ` stroke="${ctx.lit('#b0ada5')}" stroke-width="1"`);
      if (ctx.lampsOn) {
        const [gx, gy] = P(0, CEIL, z - 0.7);
        const g = ctx.uid('glow');
        out += `<defs><radialGradient id="${g}"><stop offset="0" stop-color="#fff2c8" stop-opacity="0.5"/><stop offset="1" stop-color="#fff2c8" stop-opacity="0"/></radialGradient></defs><ellipse cx="${gx.toFixed(1)}" cy="${(gy + 6).toFixed(1)}" rx="${(700 / z).toFixed(1)}" ry="${(320 / z).toFixed(1)}" fill="url(#${g})"/>`;
        const [fx, fy] = P(0, FLOOR, z - 0.7);
        out += `<ellipse cx="${fx.toFixed(1)}" cy="${fy.toFixed(1)}" rx="${(900 / z).toFixed(1)}" ry="${(160 / z).toFixed(1)}" fill="#fff2c8" opacity="0.14"/>`;
      }
    }
    return out;
  },
};
