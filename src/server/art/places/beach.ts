import { darken, lighten, mix } from '../color';
import { H, W, type SceneContext } from '../scene-kit';
import type { Archetype } from '../archetypes/types';

const HZ = 410;

/** The shoreline's height at x: it sweeps from the lower left up toward the far right. */
const shore = (x: number) => 575 - (x / W) * 95 + Math.sin(x / 170) * 10;

function wavyLine(ctx: SceneContext, y: (x: number) => number, amp: number, step: number): string {
  let d = `M-20 ${y(-20).toFixed(1)}`;
  for (let x = -20; x < W + 40; x += step) {
    const mid = x + step / 2;
    d += ` Q ${mid.toFixed(1)} ${(y(mid) + (ctx.rng.next() < 0.5 ? -amp : amp)).toFixed(1)} ${(x + step).toFixed(1)} ${y(x + step).toFixed(1)}`;
  }
  return d;
}

function palm(ctx: SceneContext, x: number, baseY: number, s: number, lean: number): string {
  const trunk = ctx.lit('#9a7650');
  const leaf = ctx.lit('#3f8f4f');
  const topX = x + lean * s;
  const topY = baseY - 330 * s;
  let out = `<path d="M${x - 14 * s} ${baseY} Q ${x + lean * 0.2 * s} ${baseY - 170 * s} ${topX - 6 * s} ${topY} L ${topX + 6 * s} ${topY} Q ${x + lean * 0.3 * s + 16 * s} ${baseY - 170 * s} ${x + 14 * s} ${baseY} Z" fill="${trunk}"/>`;
  for (let i = 1; i < 11; i++) {
    const t = i / 11;
    const cx = x + (topX - x) * t * t + lean * 0.1 * s * t;
    const cy = baseY - 330 * s * t;
    out += `<path d="M${(cx - 12 * s * (1 - t * 0.5)).toFixed(1)} ${cy.toFixed(1)} q ${(12 * s).toFixed(1)} ${(6 * s).toFixed(1)} ${(24 * s * (1 - t * 0.5)).toFixed(1)} 0" stroke="${darken(trunk, 0.25)}" stroke-width="${(2.5 * s).toFixed(1)}" fill="none"/>`;
  }
  const fronds = [
    [-170, 40], [-130, -40], [-60, -90], [40, -100], [120, -50], [170, 30], [80, 70], [-90, 75],
  ];
  for (const [dx, dy] of fronds) {
    const ex = topX + dx! * s;
    const ey = topY + dy! * s + 60 * s;
    const mx = topX + dx! * 0.5 * s;
    const my = topY + dy! * 0.5 * s - 40 * s;
    const c = dy! > 40 ? darken(leaf, 0.15) : dy! < -60 ? lighten(leaf, 0.1) : leaf;
    out += `<path d="M${topX} ${topY} Q ${mx.toFixed(1)} ${(my - 20 * s).toFixed(1)} ${ex.toFixed(1)} ${ey.toFixed(1)} Q ${(mx + 6 * s).toFixed(1)} ${(my + 14 * s).toFixed(1)} ${topX} ${(topY + 8 * s).toFixed(1)} Z" fill="${c}"/>`;
  }
  out += `<circle cx="${topX - 8 * s}" cy="${topY + 10 * s}" r="${9 * s}" fill="${ctx.lit('#6b4a2e')}"/><circle cx="${topX + 8 * s}" cy="${topY + 12 * s}" r="${9 * s}" fill="${ctx.lit('#5a3d25')}"/>`;
  return out;
}

function rock(ctx: SceneContext, x: number, y: number, w: number, h: number): string {
  const c = ctx.lit('#7d7770');
  return `<path d="M${x - w / 2} ${y} Q ${x - w * 0.45} ${y - h * 0.8} ${x - w * 0.1} ${y - h} Q ${x + w * 0.35} ${y - h * 0.95} ${x + w / 2} ${y} Z" fill="${c}"/>` +
    `<path d="M${x - w * 0.1} ${y - h} Q ${x + w * 0.35} ${y - h * 0.95} ${x + w / 2} ${y} L ${x + w * 0.1} ${y} Q ${x + w * 0.15} ${y - h * 0.5} ${x - w * 0.1} ${y - h} Z" fill="${darken(c, 0.22)}"/>` +
    `<path d="M${x - w * 0.4} ${y - h * 0.5} Q ${x - w * 0.3} ${y - h * 0.9} ${x - w * 0.1} ${y - h * 0.95}" stroke="${lighten(c, 0.2)}" stroke-width="3" fill="none"/>`;
}

export const beach: Archetype = {
  id: 'beach',
  indoor: false,
  keywords: {
    en: ['beach', 'seaside', 'seashore', 'shore', 'coast', 'sand', 'sea', 'ocean', 'bay', 'surf'],
    ja: ['海', '浜辺', '砂浜', '海岸', '海辺', 'ビーチ', '浜', '海水浴場'],
  },
  draw(ctx) {
    const { rng } = ctx;
    let out = ctx.sky();
    // Distant island and a far cape.
    out += `<path d="M120 ${HZ} Q 170 ${HZ - 48} 250 ${HZ - 56} Q 320 ${HZ - 60} 360 ${HZ - 30} Q 400 ${HZ - 14} 440 ${HZ} Z" fill="${ctx.lit('#7c9c98')}"/>`;
    out += `<path d="M200 ${HZ} Q 250 ${HZ - 30} 310 ${HZ - 26} Q 350 ${HZ - 16} 380 ${HZ} Z" fill="${ctx.lit('#6b8c86')}"/>`;
    out += `<path d="M${W} ${HZ - 34} Q 1180 ${HZ - 30} 1120 ${HZ - 8} L1100 ${HZ} L${W} ${HZ} Z" fill="${ctx.lit('#86a39c')}"/>`;
    // Sea with a horizon glow, glitter and wave lines.
    const sea = ctx.uid('sea');
    out += `<defs><linearGradient id="${sea}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#3f7fb8')}"/><stop offset="0.5" stop-color="${ctx.lit('#3c98b8')}"/><stop offset="1" stop-color="${ctx.lit('#5cc4c4')}"/></linearGradient></defs>`;
    out += `<rect x="0" y="${HZ}" width="${W}" height="${H - HZ}" fill="url(#${sea})"/>`;
    out += `<rect x="0" y="${HZ}" width="${W}" height="3" fill="${ctx.lit('#c9e4f2')}" opacity="0.6"/>`;
    for (let i = 0; i < 70; i++) {
      const y = HZ + 6 + Math.pow(rng.next(), 1.5) * 120;
      const x = rng.range(0, W);
      out += `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(10 + (y - HZ) * rng.range(0.2, 0.6)).toFixed(1)}" height="${(1 + (y - HZ) / 90).toFixed(1)}" rx="1" fill="${ctx.lit('#e8f6ff')}" opacity="${rng.range(0.25, 0.55).toFixed(2)}"/>`;
    }
    if (ctx.weather === 'clear') {
      const bx = ctx.light.body.x;
      for (let y = HZ + 4; y < 520; y += 8) out += `<rect x="${(bx - 12 - (y - HZ) * 0.2 * rng.next()).toFixed(1)}" y="${y}" width="${(24 + (y - HZ) * 0.4 * rng.next()).toFixed(1)}" height="2.5" fill="${ctx.light.body.color}" opacity="${ctx.light.body.moon ? 0.45 : 0.6}"/>`;
    }
    for (let k = 0; k < 3; k++) {
      out += `<path d="${wavyLine(ctx, (x) => shore(x) - (shore(x) - HZ) * (0.16 + k * 0.2), 4 - k, 90)}" stroke="${ctx.lit('#ffffff')}" stroke-width="${2 + k}" fill="none" opacity="${0.35 + k * 0.12}"/>`;
    }
    // Wet sand, foam edge and dry sand.
    const sandTop = (x: number) => shore(x) + 14;
    let wet = `M-10 ${shore(-10)}`;
    let dry = `M-10 ${sandTop(-10)}`;
    for (let x = 0; x <= W + 20; x += 40) {
      wet += ` L${x} ${shore(x).toFixed(1)}`;
      dry += ` L${x} ${(sandTop(x) + Math.sin(x / 60) * 4).toFixed(1)}`;
    }
    out += `<path d="${wet} L${W + 20} ${H} L-10 ${H} Z" fill="${ctx.lit('#c7a97e')}"/>`;
    out += `<path d="${wavyLine(ctx, (x) => shore(x) - 2, 5, 70)} L${W + 40} ${shore(W) + 8} L-20 ${shore(-20) + 8} Z" fill="${ctx.lit('#f4fbff')}" opacity="0.85"/>`;
    const sand = ctx.uid('sand');
    out += `<defs><linearGradient id="${sand}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#ead2a4')}"/><stop offset="1" stop-color="${ctx.lit('#f3e0b8')}"/></linearGradient></defs>`;
    out += `<path d="${dry} L${W + 20} ${H} L-10 ${H} Z" fill="url(#${sand})"/>`;
    if (ctx.weather === 'snow') out += `<path d="${dry} L${W + 20} ${H} L-10 ${H} Z" fill="${ctx.lit('#f7f9fc')}" opacity="0.55"/>`;
    // Ripples, shells and footprints in the sand.
    for (let i = 0; i < 26; i++) {
      const x = rng.range(0, W);
      const y = rng.range(sandTop(x) + 20, H - 10);
      const w = 20 + (y - 450) * 0.25;
      out += `<path d="M${(x - w).toFixed(1)} ${y.toFixed(1)} q ${w.toFixed(1)} -5 ${(2 * w).toFixed(1)} 0" stroke="${ctx.lit('#d8bc8c')}" stroke-width="2" fill="none"/>`;
    }
    for (let i = 0; i < 8; i++) {
      const x = rng.range(60, W - 60);
      const y = rng.range(sandTop(x) + 30, H - 20);
      out += `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="5" ry="3.5" fill="${ctx.lit(rng.pick(['#fbeee6', '#f4c7b8', '#fff6e0']))}"/>`;
    }
    for (let i = 0; i < 7; i++) {
      const t = i / 7;
      const x = 520 + t * 200 + (i % 2) * 16;
      const y = 700 - t * 180;
      out += `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${(8 - t * 4).toFixed(1)}" ry="${(4 - t * 2).toFixed(1)}" fill="${ctx.lit('#d9bf92')}"/>`;
    }
    // Rocks at the water's edge on the left, palms and a lamp on the right.
    out += `<ellipse cx="150" cy="${(shore(150) + 30).toFixed(1)}" rx="110" ry="7" fill="${ctx.lit('#a88a5e')}" opacity="0.45"/><ellipse cx="300" cy="${(shore(300) + 6).toFixed(1)}" rx="55" ry="5" fill="${ctx.lit('#a88a5e')}" opacity="0.45"/>`;
    out += rock(ctx, 150, shore(150) + 30, 190, 120) + rock(ctx, 300, shore(300) + 6, 90, 54) + rock(ctx, 60, shore(60) + 120, 150, 80);
    for (const [x, y] of [[905, 520], [990, 580]] as const) {
      out += `<rect x="${x - 2}" y="${y - 120}" width="5" height="120" fill="${ctx.lit('#3d4146')}"/><rect x="${x - 8}" y="${y - 128}" width="17" height="12" rx="3" fill="${ctx.lampsOn ? ctx.glow('#fff1c4') : ctx.lit('#4a4f55')}"/>`;
      if (ctx.lampsOn) {
        const g = ctx.uid('lamp');
        out += `<defs><radialGradient id="${g}"><stop offset="0" stop-color="#ffe6a3" stop-opacity="0.6"/><stop offset="1" stop-color="#ffe6a3" stop-opacity="0"/></radialGradient></defs><circle cx="${x}" cy="${y - 122}" r="70" fill="url(#${g})"/>`;
      }
    }
    out += palm(ctx, 1180, 700, 1.15, -70) + palm(ctx, 1060, 560, 0.75, 60) + palm(ctx, 1250, 590, 0.8, -40);
    const shade = ctx.lit('#c8ac7c');
    out += `<ellipse cx="1150" cy="705" rx="140" ry="14" fill="${shade}" opacity="0.6"/><ellipse cx="1050" cy="562" rx="70" ry="8" fill="${shade}" opacity="0.6"/>`;
    // Dune grass tufts along the bottom edge.
    for (let i = 0; i < 40; i++) {
      const x = rng.pick([rng.range(0, 300), rng.range(980, W)]);
      const y = rng.range(660, 720);
      out += `<path d="M${x.toFixed(1)} ${y.toFixed(1)} l${rng.range(-10, 10).toFixed(1)} ${(-rng.range(18, 36)).toFixed(1)}" stroke="${ctx.lit(mix('#7f9a4a', '#a6b35e', rng.next()))}" stroke-width="2.5" stroke-linecap="round"/>`;
    }
    return out;
  },
};
