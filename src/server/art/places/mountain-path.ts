import { darken, lighten } from '../color';
import { H, W, type SceneContext } from '../scene-kit';
import type { Archetype } from '../archetypes/types';

const f = (n: number) => n.toFixed(1);

/** A jagged range: a filled ridge line with shaded faces, optionally snow-capped. */
function range(ctx: SceneContext, base: number, top: number, low: number, step: number, color: string, snow: number | null): string {
  const { rng } = ctx;
  const pts: [number, number][] = [[-20, rng.range(top, low)]];
  let x = -20;
  while (x < W + 20) {
    x += rng.range(step * 0.6, step * 1.4);
    pts.push([x, pts.length % 2 ? rng.range(top + (low - top) * 0.5, low) : rng.range(top, top + (low - top) * 0.5)]);
  }
  const c = ctx.lit(color);
  const ridge = pts.map(([px, py], i) => `${i ? 'L' : 'M'}${f(px)} ${f(py)}`).join(' ');
  const g = ctx.uid('range');
  let out = `<defs><linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="${lighten(c, 0.22)}"/></linearGradient></defs>`;
  out += `<path d="${ridge} L${W + 20} ${base} L-20 ${base} Z" fill="url(#${g})"/>`;
  // Shadow faces: from each peak down the right-hand slope.
  let shade = '';
  for (let i = 1; i < pts.length - 1; i++) {
    const [px, py] = pts[i]!;
    const [nx, ny] = pts[i + 1]!;
    if (py < ny) shade += `M${f(px)} ${f(py)} L${f(nx)} ${f(ny)} L${f(px + (nx - px) * 0.3)} ${base} L${f(px - 10)} ${base} Z `;
  }
  out += `<path d="${shade}" fill="${darken(c, 0.12)}" opacity="0.8"/>`;
  if (snow !== null) {
    const clip = ctx.uid('snow');
    out += `<defs><clipPath id="${clip}"><path d="${ridge} L${W + 20} ${base} L-20 ${base} Z"/></clipPath></defs>`;
    let caps = '';
    for (let i = 0; i < pts.length; i++) {
      const [px, py] = pts[i]!;
      if (py < snow) caps += `M${f(px - 120)} ${f(snow + 10)} L${f(px)} ${f(py - 2)} L${f(px + 120)} ${f(snow + 10)} L${f(px + 60)} ${f(snow - 4)} L${f(px + 20)} ${f(snow + 16)} L${f(px - 30)} ${f(snow)} Z `;
    }
    out += `<path d="${caps}" fill="${ctx.lit('#f4f7fb')}" clip-path="url(#${clip})" opacity="0.92"/>`;
  }
  return out;
}

function fir(ctx: SceneContext, x: number, baseY: number, h: number, color: string): string {
  const c = ctx.lit(color);
  const w = h * 0.22;
  let out = `<rect x="${f(x - h * 0.02)}" y="${f(baseY - h * 0.18)}" width="${f(h * 0.04)}" height="${f(h * 0.18)}" fill="${ctx.lit('#4e3a2a')}"/>`;
  for (let i = 0; i < 5; i++) {
    const top = baseY - h + i * h * 0.16;
    const bw = w * (0.35 + i * 0.17);
    const bottom = top + h * 0.26;
    out += `<path d="M${f(x)} ${f(top)} L${f(x + bw)} ${f(bottom)} L${f(x - bw)} ${f(bottom)} Z" fill="${c}"/>`;
    out += `<path d="M${f(x)} ${f(top)} L${f(x + bw)} ${f(bottom)} L${f(x + bw * 0.2)} ${f(bottom)} Z" fill="${darken(c, 0.2)}"/>`;
  }
  return out;
}

function rock(ctx: SceneContext, x: number, y: number, s: number): string {
  const c = ctx.lit(ctx.rng.pick(['#9a9890', '#8c8a84', '#a6a198']));
  return `<path d="M${f(x - 30 * s)} ${f(y)} L${f(x - 22 * s)} ${f(y - 22 * s)} L${f(x + 2 * s)} ${f(y - 32 * s)} L${f(x + 26 * s)} ${f(y - 16 * s)} L${f(x + 32 * s)} ${f(y)} Z" fill="${c}"/><path d="M${f(x + 2 * s)} ${f(y - 32 * s)} L${f(x + 26 * s)} ${f(y - 16 * s)} L${f(x + 32 * s)} ${f(y)} L${f(x + 6 * s)} ${f(y)} Z" fill="${darken(c, 0.22)}"/><path d="M${f(x - 22 * s)} ${f(y - 22 * s)} L${f(x + 2 * s)} ${f(y - 32 * s)} L${f(x - 4 * s)} ${f(y - 18 * s)} Z" fill="${lighten(c, 0.2)}"/>`;
}

export const mountainPath: Archetype = {
  id: 'mountain_path',
  indoor: false,
  keywords: {
    en: ['mountain path', 'mountain trail', 'mountain', 'hiking trail', 'mountain pass', 'hillside', 'summit', 'ridge', 'valley'],
    ja: ['山道', '登山道', '山', '峠', '山頂', '尾根', 'ハイキング', '山中'],
  },
  draw(ctx) {
    const { rng } = ctx;
    let out = ctx.sky();
    out += range(ctx, 460, 150, 250, 150, '#8d9cc4', 215);
    out += range(ctx, 460, 250, 320, 120, '#6f8aa6', null);
    const mist = ctx.uid('mist');
    const mistColor = ctx.light.time === 'night' ? '#55608f' : '#f1f3f6';
    out += `<defs><linearGradient id="${mist}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mistColor}" stop-opacity="0"/><stop offset="1" stop-color="${mistColor}" stop-opacity="0.6"/></linearGradient></defs><rect x="0" y="300" width="${W}" height="160" fill="url(#${mist})"/>`;
    out += range(ctx, 470, 330, 390, 90, '#4f7464', null);
    for (let x = 0; x < 800; x += rng.range(10, 22)) out += fir(ctx, x, 440 + rng.range(0, 26), rng.range(26, 44), '#3a5e4c');
    // Valley floor far below the drop, forested and misty.
    const valley = ctx.uid('valley');
    out += `<defs><linearGradient id="${valley}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#5f8272')}"/><stop offset="1" stop-color="${ctx.lit('#3f6452')}"/></linearGradient></defs><rect x="0" y="450" width="${W}" height="${H - 450}" fill="url(#${valley})"/>`;
    let pines = '';
    let lit = '';
    for (let y = 470; y < 640; y += 20) {
      for (let x = rng.range(-10, 10); x < 760; x += rng.range(10, 20)) {
        const h = rng.range(16, 26) + (y - 470) * 0.08;
        const by = y + rng.range(0, 14);
        pines += `M${f(x)} ${f(by - h)} L${f(x + h * 0.28)} ${f(by)} L${f(x - h * 0.28)} ${f(by)} Z `;
        lit += `M${f(x)} ${f(by - h)} L${f(x - h * 0.28)} ${f(by)} L${f(x - h * 0.05)} ${f(by)} Z `;
      }
    }
    out += `<path d="${pines}" fill="${ctx.lit('#2f5444')}"/><path d="${lit}" fill="${ctx.lit('#46705a')}"/>`;
    out += `<rect x="0" y="420" width="${W}" height="70" fill="url(#${mist})" opacity="0.8"/>`;
    // Near hillside rising to the right, which the trail is cut into.
    const hill = ctx.uid('hill');
    out += `<defs><linearGradient id="${hill}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#7fa463')}"/><stop offset="1" stop-color="${ctx.lit('#557f43')}"/></linearGradient></defs>`;
    out += `<path d="M740 452 Q900 330 1080 250 Q1180 210 1290 200 L1290 ${H} L980 ${H} Z" fill="url(#${hill})"/>`;
    out += `<path d="M740 452 Q900 330 1080 250 Q1180 210 1290 200" stroke="${ctx.lit('#9bbd7a')}" stroke-width="6" fill="none"/>`;
    for (let i = 0; i < 8; i++) {
      const x = rng.range(900, 1270);
      out += fir(ctx, x, rng.range(330, 420) - (x - 900) * 0.25, rng.range(70, 120), rng.pick(['#2f5a3e', '#38664a']));
    }
    // Left verge at the edge of the drop.
    out += `<path d="M0 610 Q400 500 720 446 L770 452 L300 ${H} L0 ${H} Z" fill="${ctx.lit('#6e9655')}"/><path d="M0 610 Q400 500 720 446" stroke="${ctx.lit('#94b876')}" stroke-width="5" fill="none"/>`;
    // The trail.
    const trail = ctx.uid('trail');
    out += `<defs><linearGradient id="${trail}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#c4aa80')}"/><stop offset="1" stop-color="${ctx.lit('#a98a62')}"/></linearGradient></defs>`;
    out += `<path d="M300 ${H} L760 450 Q800 440 850 444 L1000 ${H} Z" fill="url(#${trail})"/>`;
    out += `<path d="M850 444 L1000 ${H} L1030 ${H} Q940 560 880 440 Z" fill="${ctx.lit('#8c7356')}"/>`;
    // Log steps across the trail.
    for (let i = 0; i < 6; i++) {
      const t = Math.pow((i + 1) / 7, 1.6);
      const y = 450 + (H - 450) * t;
      const xl = 760 + (300 - 760) * t;
      const xr = 850 + (1000 - 850) * t;
      out += `<rect x="${f(xl + 8)}" y="${f(y - 4 - 8 * t)}" width="${f(xr - xl - 16)}" height="${f(4 + 10 * t)}" rx="3" fill="${ctx.lit('#7a5a3c')}"/><rect x="${f(xl + 8)}" y="${f(y - 4 - 8 * t)}" width="${f(xr - xl - 16)}" height="${f(1.5 + 3 * t)}" fill="${ctx.lit('#a07a52')}"/>`;
    }
    for (let i = 0; i < 40; i++) {
      const t = rng.range(0.05, 1);
      const y = 450 + (H - 450) * t;
      const x = 760 + (300 - 760) * t + rng.range(0.1, 0.9) * (90 + 610 * t);
      out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(2 + 5 * t)}" ry="${f(1 + 2.5 * t)}" fill="${ctx.lit('#8d7a62')}"/>`;
    }
    for (const [x, y, s] of [[1010, 640, 1.4], [1120, 700, 2], [960, 520, 0.8], [900, 470, 0.5], [1230, 600, 1.6]] as const) out += rock(ctx, x, y, s);
    // Wooden railing along the drop.
    const wood = ctx.lit('#8a633f');
    const rail: [number, number, number][] = [];
    for (let i = 0; i < 9; i++) {
      const t = Math.pow(i / 8, 1.5);
      rail.push([740 + (230 - 740) * t, 452 + (H + 10 - 452) * t, 24 + 130 * t]);
    }
    for (const k of [0.85, 0.45]) {
      const line = rail.map(([x, y, h], i) => `${i ? 'L' : 'M'}${f(x)} ${f(y - h * k)}`).join(' ');
      out += `<path d="${line}" stroke="${darken(wood, 0.2)}" stroke-width="${7}" fill="none" stroke-linecap="round"/><path d="${line}" stroke="${lighten(wood, 0.1)}" stroke-width="3" fill="none" transform="translate(0 -2)"/>`;
    }
    for (const [x, y, h] of rail) {
      const w = 3 + h * 0.09;
      out += `<rect x="${f(x - w / 2)}" y="${f(y - h)}" width="${f(w)}" height="${f(h)}" fill="${wood}"/><rect x="${f(x)}" y="${f(y - h)}" width="${f(w / 2)}" height="${f(h)}" fill="${darken(wood, 0.25)}"/>`;
    }
    // A lantern hung on the nearest post.
    const [lx, ly, lh] = rail[8]!;
    out += `<path d="M${f(lx)} ${f(ly - lh)} l30 -10 l0 14" stroke="${darken(wood, 0.3)}" stroke-width="4" fill="none"/><rect x="${f(lx + 18)}" y="${f(ly - lh + 4)}" width="24" height="30" rx="5" fill="${ctx.lampsOn ? ctx.glow('#ffd98a') : ctx.lit('#d9cfb8')}" stroke="${ctx.lit('#3b3a38')}" stroke-width="3"/>`;
    if (ctx.lampsOn) {
      const lg = ctx.uid('lamp');
      out += `<defs><radialGradient id="${lg}"><stop offset="0" stop-color="#ffd98a" stop-opacity="0.65"/><stop offset="1" stop-color="#ffd98a" stop-opacity="0"/></radialGradient></defs><circle cx="${f(lx + 30)}" cy="${f(ly - lh + 20)}" r="130" fill="url(#${lg})"/>`;
    }
    // Framing alpine trees and grass tufts.
    out += fir(ctx, 1190, 740, 560, '#2b5238') + fir(ctx, 60, 740, 420, '#2f5a3e');
    for (let i = 0; i < 30; i++) {
      const x = rng.chance(0.5) ? rng.range(0, 280) : rng.range(1000, 1280);
      const y = rng.range(620, 715);
      out += `<path d="M${f(x - 8)} ${f(y)} L${f(x - 4)} ${f(y - 18)} L${f(x)} ${f(y)} L${f(x + 4)} ${f(y - 22)} L${f(x + 8)} ${f(y)} Z" fill="${ctx.lit(rng.pick(['#4f7d3c', '#5f8f47']))}"/>`;
    }
    for (let i = 0; i < 10; i++) out += `<circle cx="${f(rng.range(20, 260))}" cy="${f(rng.range(640, 710))}" r="4" fill="${ctx.lit(rng.pick(['#f4f1ff', '#f3d36b', '#b9a2f0']))}"/>`;
    return out;
  },
};
