import { darken, lighten, mix } from '../color';
import { H, W, type SceneContext } from '../scene-kit';
import type { Archetype } from '../archetypes/types';
import { streetCamera } from '../street-camera';

// A festival lane lined with yatai stalls, looking toward a small shrine gate.
const VX = 640;
const HZ = 420;
const F = 600;
const EYE = 1.6;
const FAR = 120;
const { p, poly, floor, side, front } = streetCamera({ vx: VX, hz: HZ, f: F, eye: EYE });

const CLOTH = ['#d9383a', '#2f62b0', '#e8892f', '#c23b6e', '#2f8f6a', '#e0b032'];

function stall(ctx: SceneContext, s: number, z0: number, z1: number): string {
  const { rng } = ctx;
  const cloth = rng.pick(CLOTH);
  const fx = 4 * s;
  const bx = 6.6 * s;
  const inside = ctx.lampsOn ? ctx.glow('#f0b565') : ctx.lit('#9a7a5c');
  let out = side(bx, 0, 2.4, z0, z1, inside);
  if (ctx.lampsOn) out += side(bx, 0.95, 2.4, z0, z1, ctx.glow('#ffe9b8'));
  // Festival masks and toys hanging at the back.
  for (let i = 0; i < 4; i++) {
    const zz = z0 + 0.5 + i * ((z1 - z0 - 0.8) / 4);
    const [mx, my] = p(bx * 0.98, 2.0, zz + 0.2);
    const r = (F * 0.15) / zz;
    out += `<ellipse cx="${mx.toFixed(1)}" cy="${my.toFixed(1)}" rx="${(r * 0.8).toFixed(1)}" ry="${r.toFixed(1)}" fill="${ctx.lit(rng.pick(['#fbf4e6', '#f7d2c2', '#ffe27a', '#a8d8ff']))}"/><circle cx="${(mx - r * 0.3).toFixed(1)}" cy="${(my - r * 0.15).toFixed(1)}" r="${(r * 0.12).toFixed(1)}" fill="${ctx.lit('#333333')}"/><circle cx="${(mx + r * 0.3).toFixed(1)}" cy="${(my - r * 0.15).toFixed(1)}" r="${(r * 0.12).toFixed(1)}" fill="${ctx.lit('#333333')}"/>`;
  }
  // Shelves of goods at the back.
  for (let i = 0; i < 5; i++) {
    const zz = z0 + 0.3 + i * ((z1 - z0 - 0.6) / 5);
    out += side(bx * 0.99, 1.2, 1.7, zz, zz + 0.45, ctx.lit(rng.pick(['#f2f2f2', '#ffb3c7', '#9fd3ff', '#ffe08a', '#b7e4a0'])));
  }
  // End wall facing the viewer, counter front, roof and the valance curtain.
  out += front(fx, bx, 0, 2.4, z0, ctx.lit('#b08a62'));
  out += front(fx, bx, 0, 0.35, z0, ctx.lit('#8d6b4a'));
  out += side(fx, 0, 0.95, z0, z1, ctx.lit(lighten(cloth, 0.1)));
  out += side(fx, 0.2, 0.5, z0, z1, ctx.lit('#fbf7ee'));
  out += floor(0.97, fx, fx + 0.4 * s, z0, z1, ctx.lit('#d9b68c'));
  for (let i = 0; i < 6; i++) {
    const zz = z0 + 0.35 + i * ((z1 - z0 - 0.5) / 6);
    const [cx, cy] = p(fx + 0.2 * s, 1.08, zz);
    out += `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${((F * 0.1) / zz).toFixed(1)}" fill="${ctx.lit(rng.pick(['#ff7a7a', '#fff2d6', '#ffd166', '#8fd3ff', '#f7a8d8']))}"/>`;
  }
  out += poly([p(fx - 0.5 * s, 2.3, z0 - 0.2), p(bx, 2.75, z0 - 0.2), p(bx, 2.75, z1 + 0.2), p(fx - 0.5 * s, 2.3, z1 + 0.2)], ctx.lit(darken(cloth, 0.35)));
  for (let i = 0; i < 4; i++) {
    const za = z0 - 0.2 + i * ((z1 - z0 + 0.4) / 4);
    out += poly([p(fx - 0.5 * s, 2.3, za), p(bx, 2.75, za), p(bx, 2.75, za + 0.25), p(fx - 0.5 * s, 2.3, za + 0.25)], ctx.lit(darken(cloth, 0.5)));
  }
  out += side(fx - 0.5 * s, 1.85, 2.35, z0 - 0.2, z1 + 0.2, ctx.lit(cloth));
  out += side(fx - 0.5 * s, 2.25, 2.35, z0 - 0.2, z1 + 0.2, ctx.lit('#fbf7ee'));
  const mid = (z0 + z1) / 2;
  out += side(fx - 0.5 * s, 1.93, 2.2, mid - 0.5, mid + 0.5, ctx.lit('#fbf7ee'));
  out += poly([p(fx - 0.5 * s, 2.3, z0 - 0.2), p(bx, 2.75, z0 - 0.2), p(bx, 2.95, z0 - 0.2), p(fx - 0.5 * s, 2.42, z0 - 0.2)], ctx.lit(cloth));
  return out;
}

function lantern(x: number, y: number, r: number, color: string, lit: boolean, glowId: string): string {
  let out = '';
  if (lit) out += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(r * 3.2).toFixed(1)}" fill="url(#${glowId})"/>`;
  out += `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${r.toFixed(1)}" ry="${(r * 1.25).toFixed(1)}" fill="${color}"/>`;
  out += `<rect x="${(x - r * 0.55).toFixed(1)}" y="${(y - r * 1.35).toFixed(1)}" width="${(r * 1.1).toFixed(1)}" height="${(r * 0.3).toFixed(1)}" fill="#2b2420"/>`;
  out += `<rect x="${(x - r * 0.55).toFixed(1)}" y="${(y + r * 1.08).toFixed(1)}" width="${(r * 1.1).toFixed(1)}" height="${(r * 0.3).toFixed(1)}" fill="#2b2420"/>`;
  return out;
}

export const festival: Archetype = {
  id: 'festival',
  indoor: false,
  keywords: {
    en: ['festival', 'summer festival', 'matsuri', 'fair', 'food stalls', 'night market', 'fireworks', 'bon dance', 'carnival'],
    ja: ['祭り', '夏祭り', 'お祭り', '縁日', '屋台', '花火大会', '盆踊り', '祭'],
  },
  draw(ctx) {
    const { rng } = ctx;
    let out = ctx.sky();
    // Dark tree masses behind the stalls, and a shrine gate at the end of the lane.
    for (const s of [-1, 1]) {
      for (let z = 60; z > 6; z -= 5) {
        const [tx, ty] = p(9.5 * s + rng.range(-1, 1), rng.range(7, 10), z);
        const r = (F * rng.range(3.2, 4.5)) / z;
        out += `<circle cx="${tx.toFixed(1)}" cy="${(ty + r * 0.6).toFixed(1)}" r="${r.toFixed(1)}" fill="${ctx.lit(mix('#2f5a3c', '#3f7048', rng.next()))}"/>`;
      }
    }
    out += `<rect x="0" y="${HZ - 30}" width="${W}" height="40" fill="${ctx.lit('#35603f')}"/>`;
    const red = ctx.lit('#c8402f');
    out += front(-6, 6, 0, 5, 95, ctx.lit('#5b4636'));
    out += poly([p(-7.5, 5, 95), p(7.5, 5, 95), p(0, 8, 95)], ctx.lit('#3f3a3d'));
    for (const x of [-2.6, 2.2]) out += front(x, x + 0.4, 0, 5.2, 70, red);
    out += front(-3.4, 3.4, 5.2, 5.7, 70, ctx.lit('#2b2628')) + front(-3, 3, 4.4, 4.7, 70, red);
    // The lane: packed earth with a paved strip.
    const lane = ctx.uid('lane');
    out += `<defs><linearGradient id="${lane}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#b7a58a')}"/><stop offset="1" stop-color="${ctx.lit('#d2c2a6')}"/></linearGradient></defs>`;
    out += `<rect x="0" y="${HZ}" width="${W}" height="${H - HZ}" fill="url(#${lane})"/>`;
    out += floor(0.001, -1.4, 1.4, 2, FAR, ctx.lit('#c7b79d'));
    for (let z = 3; z < 60; z *= 1.22) out += floor(0.002, -1.4, 1.4, z, z + 0.05 * z, ctx.lit('#b3a287'), ' opacity="0.6"');
    for (let i = 0; i < 60; i++) {
      const [gx, gy] = p(rng.range(-4, 4), 0, rng.range(3, 30));
      out += `<ellipse cx="${gx.toFixed(1)}" cy="${gy.toFixed(1)}" rx="3" ry="1.2" fill="${ctx.lit('#9c8b72')}" opacity="0.6"/>`;
    }
    // Crowd silhouettes far down the lane, only along its edges.
    for (const s of [-1, 1]) {
      for (let i = 0; i < 9; i++) {
        const z = rng.range(30, 68);
        const x = s * rng.range(2.2, 3.6);
        const [hx, hy] = p(x, rng.range(1.45, 1.7), z);
        const [, fy] = p(x, 0, z);
        const u = F / z;
        const c = ctx.lampsOn ? '#1d1a2a' : ctx.lit(rng.pick(['#4a4f6a', '#6b4a5a', '#3f5566', '#5a5560']));
        out += `<path d="M${(hx - 0.24 * u).toFixed(1)} ${fy.toFixed(1)} L${(hx - 0.2 * u).toFixed(1)} ${(hy + 0.22 * u).toFixed(1)} Q ${hx.toFixed(1)} ${(hy + 0.12 * u).toFixed(1)} ${(hx + 0.2 * u).toFixed(1)} ${(hy + 0.22 * u).toFixed(1)} L${(hx + 0.24 * u).toFixed(1)} ${fy.toFixed(1)} Z" fill="${c}"/><circle cx="${hx.toFixed(1)}" cy="${hy.toFixed(1)}" r="${(0.12 * u).toFixed(1)}" fill="${c}"/>`;
      }
    }
    // Yatai stalls on both sides, far to near.
    for (const s of [-1, 1]) {
      const spans: [number, number][] = [];
      for (let z = 4.2; z < 60; z += 3.9) spans.push([z, z + 3.3]);
      for (const [z0, z1] of spans.reverse()) out += stall(ctx, s, z0, z1);
    }
    if (ctx.lampsOn) {
      const pool = ctx.uid('pool');
      out += `<defs><radialGradient id="${pool}"><stop offset="0" stop-color="#ffc978" stop-opacity="0.35"/><stop offset="1" stop-color="#ffc978" stop-opacity="0"/></radialGradient></defs>`;
      for (const s of [-1, 1]) for (const z of [5, 9, 14, 20]) {
        const [gx, gy] = p(3.4 * s, 0, z);
        out += `<ellipse cx="${gx.toFixed(1)}" cy="${gy.toFixed(1)}" rx="${((F * 2.4) / z).toFixed(1)}" ry="${((F * 0.7) / z).toFixed(1)}" fill="url(#${pool})"/>`;
      }
    }
    // Poles and strings of paper lanterns across the lane.
    const glowId = ctx.uid('lanternglow');
    out += `<defs><radialGradient id="${glowId}"><stop offset="0" stop-color="#ffb45c" stop-opacity="0.55"/><stop offset="1" stop-color="#ffb45c" stop-opacity="0"/></radialGradient></defs>`;
    const wire = ctx.lit('#2a2522');
    for (const z of [44, 30, 20, 13, 8.5]) {
      for (const s of [-1, 1]) {
        const [px, py] = p(3.5 * s, 0, z);
        const [, pt] = p(3.5 * s, 4.8, z);
        out += `<rect x="${(px - (F * 0.06) / z).toFixed(1)}" y="${pt.toFixed(1)}" width="${((F * 0.12) / z).toFixed(1)}" height="${(py - pt).toFixed(1)}" fill="${ctx.lit('#6b5442')}"/>`;
      }
      const [ax, ay] = p(-3.5, 4.6, z);
      const [bx, by] = p(3.5, 4.6, z);
      const sag = (F * 0.9) / z;
      out += `<path d="M${ax.toFixed(1)} ${ay.toFixed(1)} Q ${VX} ${(ay + sag * 2).toFixed(1)} ${bx.toFixed(1)} ${by.toFixed(1)}" stroke="${wire}" stroke-width="1.2" fill="none"/>`;
      const n = 9;
      for (let i = 0; i < n; i++) {
        const t = (i + 0.5) / n;
        const x = ax + (bx - ax) * t;
        const y = ay + 2 * t * (1 - t) * sag * 2 + (F * 0.32) / z;
        const color = i % 2 ? '#f3ead8' : '#e04a3a';
        out += lantern(x, y, (F * 0.17) / z, ctx.lampsOn ? ctx.glow(lighten(color, 0.15)) : ctx.lit(color), ctx.lampsOn, glowId);
      }
    }
    // Lanterns along the fronts of the stalls.
    for (const s of [-1, 1]) {
      for (let z = 50; z > 4; z -= 1.95) {
        const [x, y] = p(3.6 * s, 2.05, z);
        const color = (Math.round(z * 2) % 3 === 0) ? '#f3ead8' : '#e04a3a';
        out += lantern(x, y, (F * 0.13) / z, ctx.lampsOn ? ctx.glow(lighten(color, 0.1)) : ctx.lit(color), ctx.lampsOn, glowId);
      }
    }
    if (ctx.lampsOn) out += `<rect x="0" y="0" width="${W}" height="${H}" fill="#ff9a4a" opacity="0.06"/>`;
    return out;
  },
};
