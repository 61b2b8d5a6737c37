import { darken, lighten, mix } from '../color';
import { H, W, type SceneContext } from '../scene-kit';
import type { Archetype } from '../archetypes/types';
import { streetCamera } from '../street-camera';

// A simple one-point perspective: eye 1.6 m above the road, looking down the street.
const VX = 640;
const HZ = 420;
const F = 600;
const EYE = 1.6;
const FAR = 230;
const { p, poly } = streetCamera({ vx: VX, hz: HZ, f: F, eye: EYE });

/** A rectangle on the side wall plane x = wx, from depth z0 to z1 and height y0 to y1. */
const wallRect = (wx: number, z0: number, z1: number, y0: number, y1: number, fill: string, extra = '') =>
  poly([p(wx, y1, z0), p(wx, y1, z1), p(wx, y0, z1), p(wx, y0, z0)], fill, extra);

const WALLS = ['#d9cbb4', '#c9b9a6', '#e4ddd0', '#b7a89a', '#cfd3d6', '#d8b9a0', '#a9b4bc', '#e6d6bd'];
const SIGNS = ['#d9483b', '#2f7fc1', '#f2b632', '#3aa56b', '#e86fa0', '#ffffff'];

function building(ctx: SceneContext, side: number, z0: number, z1: number, shade: number): string {
  const { rng } = ctx;
  const wx = 8 * side;
  const height = rng.range(9, 24);
  const base = rng.pick(WALLS);
  const wall = ctx.lit(darken(base, shade));
  let out = wallRect(wx, z0, z1, 0, height, wall);
  // Cornice and a darker band between buildings.
  out += wallRect(wx, z0, z1, height - 0.6, height, ctx.lit(darken(base, shade + 0.15)));
  out += wallRect(wx, z0, z0 + 0.25, 0, height, ctx.lit(darken(base, shade + 0.25)));
  // Shop front on the ground floor: glass, frame and a striped awning.
  const glass = ctx.lampsOn ? ctx.glow(rng.pick(['#ffe3a3', '#fff1cf', '#ffd28a'])) : ctx.lit(mix('#7b95a8', '#cfe3ee', rng.range(0, 0.4)));
  out += wallRect(wx, z0 + 0.6, z1 - 0.6, 0, 3.3, ctx.lit(darken(base, shade + 0.35)));
  out += wallRect(wx, z0 + 0.9, z1 - 0.9, 0.3, 2.8, glass);
  if (z0 < 90) {
    for (let z = z0 + 2.5; z < z1 - 1.2; z += 2.4) out += wallRect(wx, z, z + 0.12, 0.3, 2.8, ctx.lit('#4a4f55'));
  }
  const awning = rng.pick(['#c8453a', '#2f6f9f', '#3f8a57', '#e0a23a', '#7a4f8c']);
  const out1 = wx - side * 1.4;
  out += poly([p(wx, 3.5, z0 + 0.6), p(wx, 3.5, z1 - 0.6), p(out1, 2.9, z1 - 0.6), p(out1, 2.9, z0 + 0.6)], ctx.lit(awning));
  out += poly([p(out1, 2.9, z0 + 0.6), p(out1, 2.9, z1 - 0.6), p(out1, 2.6, z1 - 0.6), p(out1, 2.6, z0 + 0.6)], ctx.lit(darken(awning, 0.25)));
  // Upper-floor windows.
  if (z0 < 150) {
    const cols = Math.max(1, Math.floor((z1 - z0 - 1) / 2.6));
    const step = (z1 - z0) / cols;
    for (let y = 4.4; y + 2 < height - 0.8; y += 3.1) {
      for (let c = 0; c < cols; c++) {
        const za = z0 + c * step + step * 0.25;
        const zb = za + step * 0.5;
        const on = ctx.lampsOn && rng.chance(0.45);
        const fill = on ? ctx.glow(rng.pick(['#ffd98a', '#ffe9b8', '#fff4d6'])) : ctx.lit(mix('#5f7287', '#a9c2d6', rng.range(0, 0.6)));
        out += wallRect(wx, za, zb, y, y + 1.7, fill);
        if (z0 < 60) out += wallRect(wx, za, zb, y - 0.18, y, ctx.lit(lighten(base, 0.3)));
      }
    }
  }
  // A vertical sign board sticking out into the street (no lettering, just coloured panels).
  if (rng.chance(0.55) && z0 < 120) {
    const color = rng.pick(SIGNS);
    const zs = z0 + 1.2;
    const top = Math.min(height - 1, rng.range(8, 13));
    const fill = ctx.lampsOn ? ctx.glow(lighten(color, 0.2)) : ctx.lit(color);
    out += poly([p(wx, top, zs), p(wx - side * 1.1, top, zs), p(wx - side * 1.1, top - 4.5, zs), p(wx, top - 4.5, zs)], fill);
    for (let i = 0; i < 3; i++) {
      const y = top - 0.8 - i * 1.3;
      out += poly([p(wx - side * 0.3, y, zs), p(wx - side * 0.8, y, zs), p(wx - side * 0.8, y - 0.7, zs), p(wx - side * 0.3, y - 0.7, zs)], ctx.lit(color === '#ffffff' ? '#c0392b' : '#ffffff'), ' opacity="0.85"');
    }
  }
  return out;
}

function pole(ctx: SceneContext, x: number, z: number): string {
  const wood = ctx.lit('#7b7268');
  const [bx, by] = p(x, 0, z);
  const [, ty] = p(x, 10, z);
  const w = (F * 0.28) / z;
  let out = `<rect x="${(bx - w / 2).toFixed(1)}" y="${ty.toFixed(1)}" width="${w.toFixed(1)}" height="${(by - ty).toFixed(1)}" fill="${wood}"/>`;
  out += `<rect x="${(bx - w / 2).toFixed(1)}" y="${ty.toFixed(1)}" width="${(w * 0.35).toFixed(1)}" height="${(by - ty).toFixed(1)}" fill="${lighten(wood, 0.12)}"/>`;
  const [ax0, ay] = p(x - 1.1, 9.2, z);
  const [ax1] = p(x + 1.1, 9.2, z);
  out += `<rect x="${ax0.toFixed(1)}" y="${ay.toFixed(1)}" width="${(ax1 - ax0).toFixed(1)}" height="${((F * 0.14) / z).toFixed(1)}" fill="${darken(wood, 0.2)}"/>`;
  const [tx, tyy] = p(x + (x < 0 ? 0.35 : -0.35), 7.6, z);
  out += `<rect x="${(tx - w * 0.7).toFixed(1)}" y="${tyy.toFixed(1)}" width="${(w * 1.4).toFixed(1)}" height="${((F * 0.9) / z).toFixed(1)}" rx="${(w * 0.3).toFixed(1)}" fill="${ctx.lit('#8e969c')}"/>`;
  return out;
}

function streetLamp(ctx: SceneContext, x: number, z: number): string {
  const metal = ctx.lit('#4b5157');
  const side = x < 0 ? 1 : -1;
  const [bx, by] = p(x, 0, z);
  const [, ty] = p(x, 6, z);
  const [hx, hy] = p(x + side * 1.4, 6.1, z);
  const w = (F * 0.14) / z;
  let out = `<rect x="${(bx - w / 2).toFixed(1)}" y="${ty.toFixed(1)}" width="${w.toFixed(1)}" height="${(by - ty).toFixed(1)}" fill="${metal}"/>`;
  out += `<path d="M${bx} ${ty} Q ${bx} ${hy - w * 2} ${hx} ${hy}" stroke="${metal}" stroke-width="${(w * 0.8).toFixed(1)}" fill="none"/>`;
  out += `<ellipse cx="${hx}" cy="${hy + w}" rx="${(w * 2.2).toFixed(1)}" ry="${(w * 0.9).toFixed(1)}" fill="${ctx.lampsOn ? ctx.glow('#fff2c6') : ctx.lit('#d9dde0')}"/>`;
  if (ctx.lampsOn) {
    const id = ctx.uid('lampglow');
    const r = (F * 3.2) / z;
    out = `<defs><radialGradient id="${id}"><stop offset="0" stop-color="#ffe6a3" stop-opacity="0.55"/><stop offset="1" stop-color="#ffe6a3" stop-opacity="0"/></radialGradient></defs>` +
      `<ellipse cx="${hx}" cy="${p(x + side * 1.4, 0, z)[1]}" rx="${(r * 1.2).toFixed(1)}" ry="${(r * 0.35).toFixed(1)}" fill="url(#${id})"/>` + out +
      `<circle cx="${hx}" cy="${hy}" r="${r.toFixed(1)}" fill="url(#${id})"/>`;
  }
  return out;
}

export const cityStreet: Archetype = {
  id: 'city_street',
  indoor: false,
  keywords: {
    en: ['street', 'city street', 'road', 'avenue', 'downtown', 'city', 'town', 'sidewalk', 'crossroads', 'alley'],
    ja: ['通り', '街', '道', '道路', '街角', '交差点', '歩道', '町', '路地'],
  },
  draw(ctx) {
    const { rng } = ctx;
    let out = ctx.sky();
    // Distant skyline closing the far end of the street.
    let sx = VX - 260;
    while (sx < VX + 260) {
      const bw = rng.range(14, 40);
      const bh = rng.range(30, 120);
      out += `<rect x="${sx.toFixed(1)}" y="${(HZ - bh).toFixed(1)}" width="${bw.toFixed(1)}" height="${(bh + 4).toFixed(1)}" fill="${ctx.lit(mix('#8a97ab', '#b9c6d6', rng.range(0, 1)))}"/>`;
      if (ctx.lampsOn) for (let i = 0; i < 3; i++) out += `<rect x="${(sx + rng.range(2, bw - 4)).toFixed(1)}" y="${(HZ - rng.range(6, bh - 4)).toFixed(1)}" width="2.5" height="3" fill="#ffd98a"/>`;
      sx += bw + rng.range(0, 6);
    }
    // Road, sidewalks and kerbs.
    const road = ctx.uid('road');
    out += `<defs><linearGradient id="${road}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#8d8f94')}"/><stop offset="1" stop-color="${ctx.lit('#55585e')}"/></linearGradient></defs>`;
    out += `<rect x="0" y="${HZ}" width="${W}" height="${H - HZ}" fill="url(#${road})"/>`;
    for (const s of [-1, 1]) {
      out += poly([p(8 * s, 0, 1.5), p(5 * s, 0, 1.5), p(5 * s, 0, FAR), p(8 * s, 0, FAR)], ctx.lit(s < 0 ? '#b9b2a6' : '#a69f94'));
      out += poly([p(5 * s, 0.16, 1.5), p(5 * s, 0.16, FAR), p(5 * s, 0, FAR), p(5 * s, 0, 1.5)], ctx.lit('#d6d2ca'));
      for (let z = 2; z < 80; z *= 1.18) out += poly([p(5.2 * s, 0, z), p(8 * s, 0, z), p(8 * s, 0, z + 0.05 * z), p(5.2 * s, 0, z + 0.05 * z)], ctx.lit('#938c82'), ' opacity="0.5"');
      out += poly([p(4.6 * s, 0, 1.5), p(4.45 * s, 0, 1.5), p(4.45 * s, 0, FAR), p(4.6 * s, 0, FAR)], ctx.lit('#f2f2ee'));
    }
    // Centre dashes and a zebra crossing near the viewer.
    for (let z = 6; z < 160; z += 9) out += poly([p(-0.08, 0, z), p(0.08, 0, z), p(0.08, 0, z + 4), p(-0.08, 0, z + 4)], ctx.lit('#f4f1e6'));
    for (let x = -4.2; x < 4.2; x += 1.1) out += poly([p(x, 0, 2.2), p(x + 0.55, 0, 2.2), p(x + 0.55, 0, 3.4), p(x, 0, 3.4)], ctx.lit('#ecebe5'), ' opacity="0.9"');
    if (ctx.weather === 'rain') out += `<rect x="0" y="${HZ}" width="${W}" height="${H - HZ}" fill="${ctx.lit('#9fb3c8')}" opacity="0.18"/>`;
    if (ctx.weather === 'snow') out += poly([p(-8, 0, 1.5), p(-5, 0, 1.5), p(-5, 0, FAR), p(-8, 0, FAR)], ctx.lit('#f4f6fa'), ' opacity="0.7"') + poly([p(8, 0, 1.5), p(5, 0, 1.5), p(5, 0, FAR), p(8, 0, FAR)], ctx.lit('#eef1f6'), ' opacity="0.7"');
    // Buildings on both sides, drawn far to near so nearer signs overlap farther ones.
    const rows: { side: number; z0: number; z1: number }[] = [];
    for (const side of [-1, 1]) {
      let z = 2.5;
      while (z < FAR - 20) {
        const len = rng.range(7, 13) * (1 + z / 80);
        rows.push({ side, z0: z, z1: Math.min(z + len, FAR) });
        z += len;
      }
    }
    rows.sort((a, b) => b.z0 - a.z0);
    for (const r of rows) out += building(ctx, r.side, r.z0, r.z1, r.side < 0 ? 0 : 0.14);
    // Utility poles with sagging wires, then street lamps.
    const poles = [70, 52, 38, 27, 18, 11, 6];
    for (const side of [-1, 1]) {
      const x = 5.6 * side;
      for (let i = 0; i < poles.length - 1; i++) {
        for (const dy of [9.3, 8.6, 7.9]) {
          const [ax, ay] = p(x, dy, poles[i]!);
          const [bx, by] = p(x, dy, poles[i + 1]!);
          out += `<path d="M${ax.toFixed(1)} ${ay.toFixed(1)} Q ${((ax + bx) / 2).toFixed(1)} ${((ay + by) / 2 + Math.abs(bx - ax) * 0.08).toFixed(1)} ${bx.toFixed(1)} ${by.toFixed(1)}" stroke="${ctx.lit('#2b2e33')}" stroke-width="1.4" fill="none"/>`;
        }
      }
      for (const z of poles) out += pole(ctx, x, z);
    }
    for (const z of [75, 45, 26, 14]) {
      out += streetLamp(ctx, -5.1, z);
      out += streetLamp(ctx, 5.1, z + 6);
    }
    // A vending machine on the right-hand pavement.
    const vm = [p(7.95, 1.9, 5.2), p(7.95, 1.9, 6.1), p(7.95, 0, 6.1), p(7.95, 0, 5.2)];
    out += poly(vm, ctx.lit('#e9eef2'));
    out += poly([p(7.3, 1.9, 5.2), p(7.95, 1.9, 5.2), p(7.95, 0, 5.2), p(7.3, 0, 5.2)], ctx.lit('#2f7fc1'));
    out += poly([p(7.3, 1.8, 5.2), p(7.9, 1.8, 5.2), p(7.9, 1.1, 5.2), p(7.3, 1.1, 5.2)], ctx.lampsOn ? ctx.glow('#fff6dc') : ctx.lit('#dfe9f2'));
    for (let i = 0; i < 4; i++) out += poly([p(7.35 + i * 0.14, 1.6, 5.2), p(7.45 + i * 0.14, 1.6, 5.2), p(7.45 + i * 0.14, 1.35, 5.2), p(7.35 + i * 0.14, 1.35, 5.2)], ctx.lit(SIGNS[i]!));
    return out;
  },
};
