import type { Archetype } from '../archetypes/types';
import { darken, lighten } from '../color';
import { BACK, box, CEIL, cornerShade, FLOOR, lampGlow, poly, pr, room, RX } from '../room-kit';
import type { SceneContext } from '../scene-kit';

function workstation(ctx: SceneContext, x0: number, x1: number, z: number): string {
  const desk = ctx.lit('#d8d2c6');
  let out = box(x0, x1, 0.62, 0.68, z, z + 0.7, desk);
  out += box(x0 + 0.02, x0 + 0.06, 0.68, FLOOR, z + 0.05, z + 0.65, darken(desk, 0.2));
  out += box(x1 - 0.06, x1 - 0.02, 0.68, FLOOR, z + 0.05, z + 0.65, darken(desk, 0.2));
  // A low partition, a monitor and a chair.
  out += box(x0, x1, 0.2, 0.62, z + 0.68, z + 0.72, ctx.lit('#8ea3b5'));
  const mx = (x0 + x1) / 2;
  out += box(mx - 0.28, mx + 0.28, 0.12, 0.5, z + 0.5, z + 0.53, ctx.lit('#22262c'));
  out += poly([[mx - 0.25, 0.15, z + 0.49], [mx + 0.25, 0.15, z + 0.49], [mx + 0.25, 0.47, z + 0.49], [mx - 0.25, 0.47, z + 0.49]], ctx.lampsOn ? ctx.glow('#9ec5ff') : ctx.lit('#3a4656'));
  out += box(mx - 0.03, mx + 0.03, 0.5, 0.62, z + 0.5, z + 0.53, ctx.lit('#3a3f46'));
  out += box(mx - 0.2, mx + 0.2, 0.85, 0.92, z - 0.35, z - 0.05, ctx.lit('#30353c'));
  out += box(mx - 0.2, mx + 0.2, 0.35, 0.85, z - 0.38, z - 0.33, ctx.lit('#3a4049'));
  return out;
}

export const office: Archetype = {
  id: 'office',
  indoor: true,
  keywords: {
    en: ['office', 'workplace', 'company', 'meeting room', 'cubicle', 'desk job', 'headquarters'],
    ja: ['オフィス', '会社', '事務所', '職場', '会議室', '社内'],
  },
  draw(ctx) {
    let out = room(ctx, '#e8eaec', '#8d949c');
    // A wall of windows on the left and a whiteboard on the back wall.
    for (let z = 1.2; z < BACK - 0.4; z += 1.2) {
      const [ax, ay] = pr([-RX, -0.9, z]);
      const [bx, by] = pr([-RX, 0.5, z + 1.0]);
      const [, ay2] = pr([-RX, -0.9, z + 1.0]);
      const [, by2] = pr([-RX, 0.5, z]);
      const clip = ctx.uid('pane');
      out += `<defs><clipPath id="${clip}"><path d="M${ax} ${ay} L${bx} ${ay2} L${bx} ${by} L${ax} ${by2} Z"/></clipPath></defs>`;
      const left = Math.min(ax, bx);
      out += `<g clip-path="url(#${clip})">${ctx.windowView(left, Math.min(ay, ay2), Math.abs(bx - ax), Math.max(by, by2) - Math.min(ay, ay2))}</g>`;
      out += `<path d="M${ax} ${ay} L${bx} ${ay2} L${bx} ${by} L${ax} ${by2} Z" fill="none" stroke="${ctx.lit('#c9ced4')}" stroke-width="6"/>`;
    }
    const [bx0, by0] = pr([-1.3, -0.7, BACK]);
    const [bx1, by1] = pr([1.3, 0.2, BACK]);
    out += `<rect x="${bx0}" y="${by0}" width="${bx1 - bx0}" height="${by1 - by0}" fill="${ctx.lit('#fbfbf8')}" stroke="${ctx.lit('#9aa1a8')}" stroke-width="4"/>`;
    out += `<path d="M${bx0 + 20} ${by0 + 25} h60 M${bx0 + 20} ${by0 + 40} h90 M${bx1 - 120} ${by0 + 30} l30 -10 l30 20 l30 -25" stroke="${ctx.lit('#4f81bd')}" stroke-width="3" fill="none"/>`;
    // A filing cabinet by the back wall, behind the desks.
    out += box(2.3, 2.9, 0.1, FLOOR, 6.0, BACK, ctx.lit('#aab2bb'));
    for (let i = 0; i < 3; i++) out += box(2.3, 2.32, 0.2 + i * 0.4, 0.5 + i * 0.4, 5.97, 6.0, darken(ctx.lit('#aab2bb'), 0.1));
    // Rows of workstations on both sides, receding (far rows first).
    for (const z of [5.2, 4.0, 2.6]) {
      out += workstation(ctx, -2.9, -1.4, z);
      out += workstation(ctx, 1.4, 2.9, z);
    }
    // Ceiling panels and lights.
    for (const z of [2.2, 3.6, 5.0]) {
      for (const x of [-1.6, 1.6]) {
        out += poly([[x - 0.5, CEIL, z], [x + 0.5, CEIL, z], [x + 0.5, CEIL, z + 0.4], [x - 0.5, CEIL, z + 0.4]], ctx.lampsOn ? ctx.glow('#f4f8ff') : lighten(ctx.lit('#f2f4f6'), 0.3));
      }
    }
    if (ctx.lampsOn) {
      const [px, py] = pr([0, FLOOR, 4.0]);
      out += lampGlow(ctx, px, py, 360, 0.18);
    }
    out += cornerShade(ctx, '#101828', 0.24);
    return out;
  },
};
