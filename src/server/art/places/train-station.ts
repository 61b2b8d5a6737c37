import { darken, lighten, mix } from '../color';
import { H, W, type SceneContext } from '../scene-kit';
import type { Archetype } from '../archetypes/types';
import { streetCamera } from '../street-camera';

// One-point perspective from a platform, looking along the tracks.
const VX = 640;
const HZ = 420;
const F = 600;
const EYE = 1.6;
const FAR = 200;
const RAIL = -1.1; // track bed below platform level
const { p, poly, floor, side, front } = streetCamera({ vx: VX, hz: HZ, f: F, eye: EYE });

function glowAt(ctx: SceneContext, x: number, y: number, r: number, color = '#fff4cf', opacity = 0.6): string {
  const id = ctx.uid('glow');
  return `<defs><radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient></defs><circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="url(#${id})"/>`;
}

function canopy(ctx: SceneContext, x0: number, x1: number, pillarX: number, zStart: number): string {
  const roof = ctx.lit('#e7e4dc');
  const steel = ctx.lit('#6f7f8f');
  let out = floor(4.1, x0, x1, zStart, FAR, darken(roof, 0.12));
  for (let z = zStart; z < FAR; z += 8) {
    out += floor(4.1, x0, x1, z, z + 0.5, darken(roof, 0.3));
  }
  // Fascia along the open edge of the roof.
  const edge = x1 > 0 && x0 > 0 ? x0 : x1;
  out += side(edge, 4.0, 4.6, zStart, FAR, ctx.lit('#3d6f9c'));
  out += side(edge, 4.45, 4.6, zStart, FAR, ctx.lit('#f1efe8'));
  // Fluorescent strips under the roof.
  const mid = (x0 + x1) / 2;
  for (let z = zStart + 4; z < 90; z += 8) {
    out += floor(4.05, mid - 0.15, mid + 0.15, z, z + 1.6, ctx.lampsOn ? ctx.glow('#f4fbff') : ctx.lit('#d7dde2'));
    if (ctx.lampsOn && z < 40) {
      const [gx, gy] = p(mid, 4, z + 0.8);
      out += glowAt(ctx, gx, gy, (F * 2.5) / z, '#eef6ff', 0.4);
    }
  }
  // Pillars, far to near.
  for (let z = Math.floor((FAR - zStart) / 8) * 8 + zStart; z >= zStart; z -= 8) {
    out += front(pillarX - 0.15, pillarX + 0.15, 0, 4.1, z + 0.2, steel);
    out += front(pillarX - 0.15, pillarX - 0.05, 0, 4.1, z + 0.2, lighten(steel, 0.2));
    out += poly([p(pillarX, 3.3, z + 0.2), p(pillarX - 1.2, 4.1, z + 0.2), p(pillarX + 1.2, 4.1, z + 0.2)], 'none', ` stroke="${steel}" stroke-width="${Math.max(1, 60 / z).toFixed(1)}"`);
  }
  return out;
}

function bench(ctx: SceneContext, x: number, z: number): string {
  const seat = ctx.lit('#4f86c6');
  const leg = ctx.lit('#55595e');
  let out = '';
  for (const dz of [0.2, 1.6]) out += side(x + 0.25, 0, 0.45, z + dz, z + dz + 0.08, leg);
  out += side(x - 0.1, 0.45, 1.0, z, z + 1.8, darken(seat, 0.15));
  out += floor(0.45, x - 0.1, x + 0.4, z, z + 1.8, seat);
  out += side(x + 0.4, 0.38, 0.45, z, z + 1.8, darken(seat, 0.3));
  return out;
}

export const trainStation: Archetype = {
  id: 'train_station',
  indoor: false,
  keywords: {
    en: ['station', 'train station', 'platform', 'railway station', 'subway station', 'metro station', 'railway', 'ticket gate'],
    ja: ['駅', 'ホーム', 'プラットホーム', '駅のホーム', '改札', '地下鉄の駅', '線路'],
  },
  draw(ctx) {
    const { rng } = ctx;
    let out = ctx.sky();
    // Distant town and hills where the tracks meet the horizon.
    out += `<path d="M${VX - 300} ${HZ} Q ${VX - 120} ${HZ - 60} ${VX + 40} ${HZ - 26} T ${VX + 420} ${HZ - 40} L ${VX + 420} ${HZ + 4} L ${VX - 300} ${HZ + 4} Z" fill="${ctx.lit('#8fa7a0')}"/>`;
    for (let x = VX - 60; x < W; x += rng.range(16, 40)) {
      const bw = rng.range(12, 34);
      const bh = rng.range(10, 60) * (1 + (x - VX) / 500);
      out += `<rect x="${x.toFixed(1)}" y="${(HZ - bh).toFixed(1)}" width="${bw.toFixed(1)}" height="${(bh + 4).toFixed(1)}" fill="${ctx.lit(mix('#9aa6b8', '#c3ccd8', rng.next()))}"/>`;
      if (ctx.lampsOn) out += `<rect x="${(x + bw / 3).toFixed(1)}" y="${(HZ - bh + 5).toFixed(1)}" width="3" height="3" fill="#ffd98a"/>`;
    }
    // Track bed: gravel, sleepers and rails.
    const bed = ctx.uid('bed');
    out += `<defs><linearGradient id="${bed}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#9b948a')}"/><stop offset="1" stop-color="${ctx.lit('#6f685f')}"/></linearGradient></defs>`;
    out += floor(RAIL, -2, 16, 1.5, FAR, `url(#${bed})`);
    for (const cx of [3.85, 7.2]) {
      for (let z = 3; z < 70; z += 0.75) out += floor(RAIL, cx - 1.1, cx + 1.1, z, z + 0.24, ctx.lit('#6b5646'));
      for (const r of [-0.53, 0.53]) {
        out += floor(RAIL + 0.16, cx + r - 0.05, cx + r + 0.05, 2, FAR, ctx.lit('#d6d9dc'));
        out += side(cx + r - 0.05, RAIL, RAIL + 0.16, 2, FAR, ctx.lit('#5d4a3c'));
      }
    }
    // Opposite platform with its own canopy and a blank station-name board.
    out += side(10, RAIL, 0, 2, FAR, ctx.lit('#a7a39b'));
    out += side(10, -0.15, 0, 2, FAR, ctx.lit('#d9d5cc'));
    out += floor(0, 10, 18, 2, FAR, ctx.lit('#c8c2b6'));
    out += floor(0, 10.5, 10.8, 2, FAR, ctx.lit('#f2c230'));
    out += side(16, 0, 2.2, 2, FAR, ctx.lit('#b9b3a8'));
    out += canopy(ctx, 11.2, 18, 14.5, 4);
    out += front(11.3, 13.7, 1.2, 2.3, 22, ctx.lit('#f7f7f4')) + front(11.3, 13.7, 1.2, 1.45, 22, ctx.lit('#2f6fb5'));
    out += front(11.45, 11.55, 0, 1.2, 22, ctx.lit('#5a5f66')) + front(13.45, 13.55, 0, 1.2, 22, ctx.lit('#5a5f66'));
    // Overhead line masts and wires over the tracks.
    const mast = ctx.lit('#7c8288');
    for (let z = 150; z >= 10; z -= 28) {
      out += front(9.25, 9.45, RAIL, 6.6, z, mast);
      out += front(2.6, 9.45, 6.3, 6.6, z, mast);
      out += front(2.4, 2.6, 5.4, 6.6, z, mast);
    }
    for (const x of [3.85, 7.2]) {
      for (const y of [5.5, 6.1]) {
        const [ax, ay] = p(x, y, 10);
        out += `<line x1="${ax.toFixed(1)}" y1="${ay.toFixed(1)}" x2="${VX}" y2="${HZ}" stroke="${ctx.lit('#2c2f33')}" stroke-width="1.3"/>`;
      }
    }
    // Our platform: floor, tactile yellow line, white edge.
    const plat = ctx.uid('plat');
    out += `<defs><linearGradient id="${plat}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#bdb6aa')}"/><stop offset="1" stop-color="${ctx.lit('#d8d2c6')}"/></linearGradient></defs>`;
    out += floor(0, -7, 2.2, 1.2, FAR, `url(#${plat})`);
    for (let z = 2; z < 60; z *= 1.25) out += floor(0.001, -7, 2.2, z, z + 0.04 * z, ctx.lit('#a9a296'), ' opacity="0.45"');
    out += floor(0, 1.0, 1.35, 1.2, FAR, ctx.lit('#f5c518'));
    for (let z = 2; z < 40; z += 0.6) out += floor(0, 1.05, 1.3, z, z + 0.08, ctx.lit('#d9a90c'));
    out += floor(0, 1.9, 2.2, 1.2, FAR, ctx.lit('#f4f2ec'));
    if (ctx.weather === 'rain') out += floor(0.002, -7, 2.2, 1.2, FAR, ctx.lit('#a8bdd2'), ' opacity="0.2"');
    // Station building wall on the left with blank posters and a vending machine.
    out += side(-7, 0, 4.1, 1.2, FAR, ctx.lit('#e6dccb'));
    out += side(-7, 0, 1.0, 1.2, FAR, ctx.lit('#b9ab96'));
    for (let z = 9; z < 70; z += rng.range(5, 9)) {
      const c = rng.pick(['#e9a0a8', '#9fc7e8', '#f3d27a', '#a8d5a2', '#ffffff']);
      out += side(-6.98, 1.4, 2.9, z, z + 1.6, ctx.lit('#5b5148'));
      out += side(-6.97, 1.5, 2.8, z + 0.12, z + 1.48, ctx.lampsOn ? ctx.glow(lighten(c, 0.3)) : ctx.lit(c));
      out += side(-6.96, 1.8, 2.1, z + 0.3, z + 1.3, ctx.lit('#ffffff'), ' opacity="0.6"');
    }
    out += side(-6.3, 0, 1.85, 14, 15, ctx.lit('#c8372d'));
    out += side(-6.3, 1.0, 1.75, 14.1, 14.9, ctx.lampsOn ? ctx.glow('#fff6dc') : ctx.lit('#dde8f0'));
    out += front(-6.95, -6.3, 0, 1.85, 14, ctx.lit('#a92c24'));
    if (ctx.lampsOn) {
      // Lamplight under the canopy warms the platform and the wall.
      const warm = ctx.uid('warm');
      out += `<defs><linearGradient id="${warm}" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#ffe9c0" stop-opacity="0.42"/><stop offset="1" stop-color="#ffe9c0" stop-opacity="0.14"/></linearGradient></defs>`;
      out += floor(0.003, -7, 2.2, 1.2, FAR, `url(#${warm})`) + side(-6.9, 0, 4.1, 1.2, FAR, `url(#${warm})`);
    }
    out += canopy(ctx, -7, 2.0, -5, 1.2);
    // Hanging blank sign and a clock under the roof.
    out += front(-3.9, -1.7, 3.1, 3.5, 5.5, ctx.lit('#2c3d55')) + front(-3.8, -1.8, 3.15, 3.45, 5.5, ctx.lampsOn ? ctx.glow('#eef4ff') : ctx.lit('#f4f6f8'));
    out += front(-3.8, -3.3, 3.15, 3.45, 5.5, ctx.lit('#2f6fb5'));
    const [ckx, cky] = p(-0.2, 3.4, 12);
    out += `<circle cx="${ckx.toFixed(1)}" cy="${cky.toFixed(1)}" r="14" fill="${ctx.lit('#f8f8f6')}" stroke="${ctx.lit('#333')}" stroke-width="3"/><path d="M${ckx} ${cky} l0 -9 M${ckx} ${cky} l7 3" stroke="${ctx.lit('#222222')}" stroke-width="2"/>`;
    out += bench(ctx, -5.9, 9) + bench(ctx, -5.9, 25) + bench(ctx, 15, 14);
    out += `<rect x="0" y="${H - 2}" width="${W}" height="2" fill="${ctx.lit('#bdb6aa')}"/>`;
    return out;
  },
};
