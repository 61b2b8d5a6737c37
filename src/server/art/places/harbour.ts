import { darken } from '../color';
import { H, W, type SceneContext } from '../scene-kit';
import type { Archetype } from '../archetypes/types';
import { streetCamera } from '../street-camera';

// Standing on a quay that runs away from the viewer; the harbour water opens to the right.
const VX = 560;
const HZ = 420;
const F = 600;
const EYE = 1.8;
const FAR = 220;
const { p, poly, floor, side, front } = streetCamera({ vx: VX, hz: HZ, f: F, eye: EYE });

const WATER = -1.6;

function glowAt(ctx: SceneContext, x: number, y: number, r: number, color = '#ffe6a3', opacity = 0.6): string {
  const id = ctx.uid('glow');
  return `<defs><radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient></defs><circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="url(#${id})"/>`;
}

/** A small fishing boat moored with its left side toward the viewer. */
function boat(ctx: SceneContext, x: number, z: number, len: number, hullColor: string): string {
  const d = -1.1; // deck sits below the quay top
  const hull = ctx.lit(hullColor);
  const white = ctx.lit('#f3f1ea');
  const x1 = x + 2.6;
  const z1 = z + len;
  let out = '';
  // Reflection first, beneath the hull.
  out += poly([p(x, WATER, z), p(x + 1.2, WATER, z1), p(x + 1.2, WATER - 1.4, z1 - 1), p(x, WATER - 1.6, z)], darken(hull, 0.35), ' opacity="0.35"');
  out += poly([p(x, (0.7 + d), z), p(x, (0.7 + d), z1 - 1.5), p(x + 1.3, (1.1 + d), z1), p(x + 0.6, WATER - 0.4, z1 - 1.5), p(x + 0.2, WATER - 0.4, z)], hull);
  out += poly([p(x, (0.7 + d), z), p(x, (0.7 + d), z1 - 1.5), p(x + 1.3, (1.1 + d), z1), p(x + 1.3, (0.85 + d), z1), p(x, (0.4 + d), z1 - 1.5), p(x, (0.4 + d), z)], white);
  out += front(x, x1, WATER - 0.4, (0.7 + d), z, darken(hull, 0.15));
  out += front(x, x1, (0.4 + d), (0.7 + d), z, darken(white, 0.1));
  out += poly([p(x, (0.7 + d), z), p(x1, (0.7 + d), z), p(x1, (0.7 + d), z1 - 1.5), p(x + 1.3, (1.1 + d), z1), p(x, (0.7 + d), z1 - 1.5)], ctx.lit('#b9a88c'));
  // Wheelhouse with windows.
  const cz = z + len * 0.45;
  out += side(x + 0.5, (0.7 + d), (2.6 + d), cz, cz + 2.2, ctx.lit('#eae6dc'));
  out += front(x + 0.5, x + 2.1, (0.7 + d), (2.6 + d), cz, ctx.lit('#d8d3c7'));
  out += floor((2.6 + d), x + 0.4, x + 2.2, cz - 0.1, cz + 2.3, ctx.lit('#8a9299'));
  out += side(x + 0.5, (1.6 + d), (2.3 + d), cz + 0.3, cz + 1.9, ctx.lampsOn ? ctx.glow('#ffd98a') : ctx.lit('#5d7f9a'));
  out += front(x + 0.7, x + 1.9, (1.6 + d), (2.3 + d), cz, ctx.lampsOn ? ctx.glow('#ffe3a0') : ctx.lit('#6d8ea8'));
  // Mast with a string of flags.
  const [mx, my0] = p(x + 1.3, (2.6 + d), cz + 1.1);
  const [, my1] = p(x + 1.3, (6.5 + d), cz + 1.1);
  out += `<line x1="${mx.toFixed(1)}" y1="${my0.toFixed(1)}" x2="${mx.toFixed(1)}" y2="${my1.toFixed(1)}" stroke="${ctx.lit('#7b7f84')}" stroke-width="${Math.max(1, 90 / z).toFixed(1)}"/>`;
  const [sx, sy] = p(x, (0.7 + d), z + 0.5);
  out += `<path d="M${sx.toFixed(1)} ${sy.toFixed(1)} L${mx.toFixed(1)} ${my1.toFixed(1)}" stroke="${ctx.lit('#55595e')}" stroke-width="1"/>`;
  for (let i = 1; i < 6; i++) {
    const t = i / 6;
    const fx = sx + (mx - sx) * t;
    const fy = sy + (my1 - sy) * t;
    const s = Math.max(2, 60 / z);
    out += `<path d="M${fx.toFixed(1)} ${fy.toFixed(1)} l${s} ${(s * 0.4).toFixed(1)} l${-s * 0.2} ${(s * 1.4).toFixed(1)} Z" fill="${ctx.lit(['#e04a3f', '#f2c230', '#3a7fc1', '#ffffff', '#3aa56b'][i - 1]!)}"/>`;
  }
  return out;
}

export const harbour: Archetype = {
  id: 'harbour',
  indoor: false,
  keywords: {
    en: ['harbour', 'harbor', 'port', 'pier', 'dock', 'docks', 'wharf', 'quay', 'marina', 'fishing port', 'lighthouse'],
    ja: ['港', '波止場', '桟橋', '漁港', '埠頭', '灯台', '港町', '岸壁'],
  },
  draw(ctx) {
    const { rng } = ctx;
    let out = ctx.sky();
    // Far headland on the right with a lighthouse, an island in the middle.
    out += `<path d="M${W} ${HZ - 70} Q 1160 ${HZ - 80} 1090 ${HZ - 40} Q 1030 ${HZ - 14} 960 ${HZ} L${W} ${HZ} Z" fill="${ctx.lit('#6f8f86')}"/>`;
    out += `<path d="M${W} ${HZ - 40} Q 1180 ${HZ - 44} 1120 ${HZ - 18} L1100 ${HZ} L${W} ${HZ} Z" fill="${ctx.lit('#5d7d73')}"/>`;
    out += `<path d="M720 ${HZ} Q 780 ${HZ - 36} 850 ${HZ - 30} Q 900 ${HZ - 22} 930 ${HZ} Z" fill="${ctx.lit('#8aa5a3')}"/>`;
    // Lighthouse at the tip of the headland.
    const lx = 1040;
    const ly = HZ - 22;
    out += `<path d="M${lx - 11} ${ly} L${lx - 7} ${ly - 86} L${lx + 7} ${ly - 86} L${lx + 11} ${ly} Z" fill="${ctx.lit('#f4f2ec')}"/>`;
    for (const b of [20, 50]) out += `<path d="M${lx - 11 + b * 0.046} ${ly - b} L${lx - 10 + (b + 14) * 0.046} ${ly - b - 14} L${lx + 10 - (b + 14) * 0.046} ${ly - b - 14} L${lx + 11 - b * 0.046} ${ly - b} Z" fill="${ctx.lit('#d2443a')}"/>`;
    out += `<rect x="${lx - 9}" y="${ly - 104}" width="18" height="18" fill="${ctx.lampsOn ? ctx.glow('#fff1b8') : ctx.lit('#a9c3cf')}"/><path d="M${lx - 12} ${ly - 104} L${lx} ${ly - 116} L${lx + 12} ${ly - 104} Z" fill="${ctx.lit('#c23b33')}"/><rect x="${lx - 13}" y="${ly - 88}" width="26" height="4" fill="${ctx.lit('#4a4f55')}"/>`;
    if (ctx.lampsOn) {
      out += glowAt(ctx, lx, ly - 95, 70, '#fff1b8', 0.7);
      out += `<path d="M${lx} ${ly - 95} L${lx + 260} ${ly - 120} L${lx + 260} ${ly - 80} Z" fill="#fff4c8" opacity="0.1"/>`;
    }
    // Container cranes and warehouses along the far left shore.
    for (const [cx, s] of [[120, 1], [260, 0.8]] as const) {
      const c = ctx.lit('#d8573f');
      out += `<g stroke="${c}" stroke-width="${5 * s}" fill="none"><path d="M${cx} ${HZ} L${cx} ${HZ - 150 * s} M${cx + 50 * s} ${HZ} L${cx + 50 * s} ${HZ - 150 * s} M${cx} ${HZ - 60 * s} L${cx + 50 * s} ${HZ - 60 * s} M${cx - 60 * s} ${HZ - 150 * s} L${cx + 140 * s} ${HZ - 150 * s} M${cx} ${HZ - 150 * s} L${cx + 25 * s} ${HZ - 190 * s} L${cx + 50 * s} ${HZ - 150 * s} M${cx + 25 * s} ${HZ - 190 * s} L${cx + 140 * s} ${HZ - 150 * s}"/></g>`;
    }
    for (let x = 0; x < 480; x += rng.range(30, 60)) {
      const bw = rng.range(30, 60);
      const bh = rng.range(14, 34);
      out += `<rect x="${x.toFixed(1)}" y="${(HZ - bh).toFixed(1)}" width="${bw.toFixed(1)}" height="${(bh + 2).toFixed(1)}" fill="${ctx.lit(rng.pick(['#9aa8b5', '#b7bfc6', '#8c9aa8', '#c9b9a0']))}"/>`;
      if (ctx.lampsOn) out += `<rect x="${(x + bw / 2).toFixed(1)}" y="${(HZ - bh + 5).toFixed(1)}" width="4" height="3" fill="#ffd98a"/>`;
    }
    // Water: darker toward the viewer, with glints and ripples.
    const sea = ctx.uid('sea');
    out += `<defs><linearGradient id="${sea}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#7fb2c9')}"/><stop offset="0.35" stop-color="${ctx.lit('#3f7f9e')}"/><stop offset="1" stop-color="${ctx.lit('#1f5373')}"/></linearGradient></defs>`;
    out += `<rect x="0" y="${HZ}" width="${W}" height="${H - HZ}" fill="url(#${sea})"/>`;
    const glint = ctx.lampsOn ? '#ffe3a0' : ctx.light.time === 'evening' ? '#ffd0a0' : '#e8f6ff';
    for (let i = 0; i < 90; i++) {
      const y = HZ + 4 + Math.pow(rng.next(), 1.6) * (H - HZ);
      const x = rng.range(560, W);
      const w = 8 + (y - HZ) * rng.range(0.1, 0.4);
      out += `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${(1 + (y - HZ) / 160).toFixed(1)}" rx="1" fill="${glint}" opacity="${rng.range(0.25, 0.6).toFixed(2)}"/>`;
    }
    if (ctx.weather === 'clear' && !ctx.lampsOn) {
      const bx = ctx.light.body.x;
      for (let y = HZ + 4; y < 560; y += 9) out += `<rect x="${(bx - 14 - (y - HZ) * 0.25 * rng.next()).toFixed(1)}" y="${y}" width="${(28 + (y - HZ) * 0.4 * rng.next()).toFixed(1)}" height="2.5" fill="${ctx.light.body.color}" opacity="0.5"/>`;
    }
    // Moored boats, far to near.
    out += boat(ctx, 4.2, 46, 9, '#3a6fa8') + boat(ctx, 4.0, 28, 10, '#d04a3b') + boat(ctx, 3.9, 13, 11, '#2f8a7a');
    // The quay: concrete apron, stone edge, warehouses on the left.
    const quay = ctx.uid('quay');
    out += `<defs><linearGradient id="${quay}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#a8a39a')}"/><stop offset="1" stop-color="${ctx.lit('#c9c3b8')}"/></linearGradient></defs>`;
    out += floor(0, -40, 2.6, 1.5, FAR, `url(#${quay})`);
    for (let z = 3; z < 80; z *= 1.3) out += floor(0.001, -40, 2.2, z, z * 1.02, ctx.lit('#948f86'), ' opacity="0.4"');
    for (const x of [-12, -7, -2.5]) out += floor(0.001, x, x + 0.06, 1.5, FAR, ctx.lit('#948f86'), ' opacity="0.5"');
    out += floor(0.002, 2.0, 2.6, 1.5, FAR, ctx.lit('#dcd7cc'));
    out += floor(0.002, -0.6, -0.45, 1.5, FAR, ctx.lit('#e8c85a'), ' opacity="0.7"');
    if (ctx.weather === 'rain') out += floor(0.003, -40, 2.6, 1.5, FAR, ctx.lit('#a9bfd4'), ' opacity="0.2"');
    const shed = ['#c9d2d8', '#d8c7a8', '#aebfc9'];
    for (const [z0, z1, i] of [[95, 160, 2], [58, 95, 1], [30, 58, 0]] as const) {
      const c = shed[i]!;
      out += side(-14, 0, 9, z0, z1, ctx.lit(c));
      out += side(-14, 7.6, 9, z0, z1, ctx.lit(darken(c, 0.2)));
      for (let z = z0 + 3; z < z1 - 6; z += 9) {
        out += side(-13.99, 0, 5, z, z + 5, ctx.lit(darken(c, 0.25)));
        for (let k = 0.6; k < 5; k += 0.6) out += side(-13.98, k, k + 0.08, z, z + 5, ctx.lit(darken(c, 0.4)));
        out += side(-13.99, 6, 6.8, z + 1, z + 4, ctx.lampsOn ? ctx.glow('#ffe3a0') : ctx.lit('#6f8aa0'));
      }
    }
    // Bollards with ropes to the boats, quay lamps and a stack of fish crates.
    for (const [z, bz] of [[10, 14], [26, 29], [46, 47]] as const) {
      const [bx, by] = p(1.8, 0, z);
      const [tx, ty] = p(1.8, 0.55, z);
      const r = (F * 0.22) / z;
      out += `<rect x="${(bx - r).toFixed(1)}" y="${ty.toFixed(1)}" width="${(2 * r).toFixed(1)}" height="${(by - ty).toFixed(1)}" fill="${ctx.lit('#3e4246')}"/><ellipse cx="${tx.toFixed(1)}" cy="${ty.toFixed(1)}" rx="${(r * 1.4).toFixed(1)}" ry="${(r * 0.5).toFixed(1)}" fill="${ctx.lit('#5a5f64')}"/>`;
      const [ex, ey] = p(3.9, -0.4, bz);
      out += `<path d="M${tx.toFixed(1)} ${(ty + r * 0.4).toFixed(1)} Q ${((tx + ex) / 2).toFixed(1)} ${(Math.max(ty, ey) + r * 2).toFixed(1)} ${ex.toFixed(1)} ${ey.toFixed(1)}" stroke="${ctx.lit('#d9c89a')}" stroke-width="${Math.max(1, r * 0.35).toFixed(1)}" fill="none"/>`;
    }
    for (const z of [60, 34, 18, 10]) {
      const [bx, by] = p(-6, 0, z);
      const [, ty] = p(-6, 6, z);
      const w = Math.max(1.5, (F * 0.15) / z);
      out += `<rect x="${(bx - w / 2).toFixed(1)}" y="${ty.toFixed(1)}" width="${w.toFixed(1)}" height="${(by - ty).toFixed(1)}" fill="${ctx.lit('#3d4146')}"/>`;
      out += `<rect x="${(bx - w * 1.8).toFixed(1)}" y="${(ty - w * 1.6).toFixed(1)}" width="${(w * 3.6).toFixed(1)}" height="${(w * 1.8).toFixed(1)}" rx="${w * 0.4}" fill="${ctx.lampsOn ? ctx.glow('#fff1c4') : ctx.lit('#4a4f55')}"/>`;
      if (ctx.lampsOn) out += glowAt(ctx, bx, ty - w, (F * 3) / z, '#ffe6a3', 0.5);
    }
    for (let i = 0; i < 6; i++) {
      const x = -4.6 + (i % 3) * 0.62;
      const y = Math.floor(i / 3) * 0.34;
      out += front(x, x + 0.58, y, y + 0.32, 7, ctx.lit(i % 2 ? '#3f7fc1' : '#4c8fd0')) + front(x, x + 0.58, y + 0.26, y + 0.32, 7, ctx.lit('#2c5f94'));
    }
    const [cx, cy] = p(-3.6, 0, 5.5);
    out += `<ellipse cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" rx="34" ry="11" fill="${ctx.lit('#c9a86a')}"/><ellipse cx="${cx.toFixed(1)}" cy="${(cy - 4).toFixed(1)}" rx="20" ry="6" fill="${ctx.lit('#a88a52')}"/>`;
    return out;
  },
};
