import { darken, lighten } from './color';
import { H, type SceneContext } from './scene-kit';

/**
 * One-point perspective for interiors: the camera at the origin looking down +z, y pointing down, and a room
 * box RX wide each side, from CEIL to FLOOR, back wall at BACK. Places draw furniture as boxes in room units.
 */
export type V = [number, number, number];
export const F = 680;
export const CX = 640;
export const CY = 330;
export const pr = (v: V): [number, number] => [CX + (F * v[0]) / v[2], CY + (F * v[1]) / v[2]];
export const pt = (v: V) => pr(v).map((n) => n.toFixed(1)).join(' ');
export const poly = (vs: V[], fill: string, extra = '') => `<path d="M${vs.map(pt).join(' L')} Z" fill="${fill}"${extra}/>`;

/** An axis-aligned box with its visible faces shaded (c is already lit). */
export function box(x0: number, x1: number, y0: number, y1: number, z0: number, z1: number, c: string): string {
  let out = '';
  if (x0 > 0) out += poly([[x0, y0, z0], [x0, y0, z1], [x0, y1, z1], [x0, y1, z0]], darken(c, 0.18));
  if (x1 < 0) out += poly([[x1, y0, z0], [x1, y0, z1], [x1, y1, z1], [x1, y1, z0]], darken(c, 0.18));
  if (y0 > 0) out += poly([[x0, y0, z0], [x1, y0, z0], [x1, y0, z1], [x0, y0, z1]], lighten(c, 0.12));
  if (y1 < 0) out += poly([[x0, y1, z0], [x1, y1, z0], [x1, y1, z1], [x0, y1, z1]], darken(c, 0.28));
  return out + poly([[x0, y0, z0], [x1, y0, z0], [x1, y1, z0], [x0, y1, z0]], c);
}

export function curtain(x: number, y: number, w: number, h: number, color: string): string {
  let out = '';
  const folds = 5;
  for (let i = 0; i < folds; i++) {
    const fx = x + (w / folds) * i;
    out += `<path d="M${fx.toFixed(1)} ${y} h${(w / folds + 0.5).toFixed(1)} v${h} q${(-w / folds / 2).toFixed(1)} 8 ${(-w / folds).toFixed(1)} 0 Z" fill="${i % 2 ? darken(color, 0.12) : color}"/>`;
  }
  return out + `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="${darken(color, 0.25)}" stroke-width="1.5" opacity="0.5"/>`;
}

export const RX = 3;
export const BACK = 6.5;
export const FLOOR = 1.4;
export const CEIL = -1.2;

export function room(ctx: SceneContext, wall: string, floor: string): string {
  const near = 0.6;
  let out = poly([[-RX, CEIL, near], [RX, CEIL, near], [RX, CEIL, BACK], [-RX, CEIL, BACK]], ctx.lit(lighten(wall, 0.25)));
  out += poly([[-RX, CEIL, near], [-RX, CEIL, BACK], [-RX, FLOOR, BACK], [-RX, FLOOR, near]], ctx.lit(darken(wall, 0.08)));
  out += poly([[RX, CEIL, near], [RX, CEIL, BACK], [RX, FLOOR, BACK], [RX, FLOOR, near]], ctx.lit(darken(wall, 0.12)));
  out += poly([[-RX, CEIL, BACK], [RX, CEIL, BACK], [RX, FLOOR, BACK], [-RX, FLOOR, BACK]], ctx.lit(wall));
  const fg = ctx.uid('floor');
  const [, fy] = pr([0, FLOOR, BACK]);
  out += `<defs><linearGradient id="${fg}" gradientUnits="userSpaceOnUse" x1="0" y1="${fy}" x2="0" y2="${H}"><stop offset="0" stop-color="${ctx.lit(darken(floor, 0.1))}"/><stop offset="1" stop-color="${ctx.lit(lighten(floor, 0.06))}"/></linearGradient></defs>`;
  out += poly([[-RX, FLOOR, near], [RX, FLOOR, near], [RX, FLOOR, BACK], [-RX, FLOOR, BACK]], `url(#${fg})`);
  // Floorboards receding to the vanishing point.
  out += `<g stroke="${ctx.lit(darken(floor, 0.22))}" stroke-width="1.2" opacity="0.6">`;
  for (let x = -RX + 0.32; x < RX; x += 0.32) {
    const [a, b] = [pr([x, FLOOR, near]), pr([x, FLOOR, BACK])];
    out += `<line x1="${a[0].toFixed(1)}" y1="${a[1].toFixed(1)}" x2="${b[0].toFixed(1)}" y2="${b[1].toFixed(1)}"/>`;
  }
  out += '</g>';
  // Skirting boards and corner shading.
  const skirt = ctx.lit('#f4efe6');
  out += poly([[-RX, FLOOR - 0.1, BACK], [RX, FLOOR - 0.1, BACK], [RX, FLOOR, BACK], [-RX, FLOOR, BACK]], skirt);
  out += poly([[-RX, FLOOR - 0.1, near], [-RX, FLOOR - 0.1, BACK], [-RX, FLOOR, BACK], [-RX, FLOOR, near]], darken(skirt, 0.1));
  out += poly([[RX, FLOOR - 0.1, near], [RX, FLOOR - 0.1, BACK], [RX, FLOOR, BACK], [RX, FLOOR, near]], darken(skirt, 0.14));
  return out;
}

export function lampGlow(ctx: SceneContext, x: number, y: number, r: number, opacity = 0.7): string {
  const id = ctx.uid('glow');
  return `<defs><radialGradient id="${id}"><stop offset="0" stop-color="${ctx.glow('#ffe3a6')}" stop-opacity="${opacity}"/><stop offset="1" stop-color="#ffe3a6" stop-opacity="0"/></radialGradient></defs><ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${r}" ry="${r * 0.8}" fill="url(#${id})"/>`;
}


/** Darkens the frame's corners a little, as a lens does, in the given tint. */
export function cornerShade(ctx: SceneContext, tint: string, opacity: number): string {
  const id = ctx.uid('vig');
  return `<defs><radialGradient id="${id}" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="${tint}" stop-opacity="${opacity}"/></radialGradient></defs><rect width="1280" height="${H}" fill="url(#${id})"/>`;
}

/** A window set in a side wall: the view through it, clipped to its perspective outline, and its frame. */
export function wallWindow(ctx: SceneContext, corners: V[], frame: string, frameWidth = 5): string {
  const p = corners.map(pr);
  const xs = p.map(([x]) => x);
  const ys = p.map(([, y]) => y);
  const clip = ctx.uid('pane');
  const outline = p.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join(' L');
  const view = ctx.windowView(Math.min(...xs), Math.min(...ys), Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  return `<defs><clipPath id="${clip}"><path d="M${outline} Z"/></clipPath></defs><g clip-path="url(#${clip})">${view}</g>${poly(corners, 'none', ` stroke="${frame}" stroke-width="${frameWidth}"`)}`;
}
