import { darken, lighten, mix } from '../color';
import { H, W, type SceneContext } from '../scene-kit';
import type { Archetype } from '../archetypes/types';

const f = (n: number) => n.toFixed(1);
const HORIZON = 445;

/** The path's centre and half-width at height y: wide and winding near, narrow far. */
function pathAt(y: number): [number, number] {
  const d = Math.max(0.02, (y - HORIZON) / (H - HORIZON));
  return [640 + 150 * d * Math.sin(d * 4.2 + 0.6) - 40 * d, 8 + 230 * d];
}

function fern(ctx: SceneContext, x: number, y: number, s: number, color: string): string {
  const c = ctx.lit(color);
  let out = '';
  const fronds = 6;
  for (let i = 0; i < fronds; i++) {
    const a = -Math.PI / 2 + (i / (fronds - 1) - 0.5) * 2.4 + ctx.rng.range(-0.1, 0.1);
    const len = ctx.rng.range(80, 120) * s;
    const ex = x + Math.cos(a) * len;
    const ey = y + Math.sin(a) * len * 0.8;
    const cxp = x + Math.cos(a) * len * 0.5;
    const cyp = y + Math.sin(a) * len * 0.8 - 25 * s;
    const shade = i % 2 ? c : lighten(c, 0.12);
    out += `<path d="M${f(x)} ${f(y)} Q${f(cxp)} ${f(cyp)} ${f(ex)} ${f(ey)}" stroke="${shade}" stroke-width="${f(2.4 * s)}" fill="none"/>`;
    let leaves = '';
    for (let k = 1; k < 9; k++) {
      const t = k / 9;
      const px = (1 - t) * (1 - t) * x + 2 * (1 - t) * t * cxp + t * t * ex;
      const py = (1 - t) * (1 - t) * y + 2 * (1 - t) * t * cyp + t * t * ey;
      const l = (1 - t * 0.8) * 22 * s;
      leaves += `M${f(px)} ${f(py)} l${f(-l * 0.7)} ${f(-l * 0.5)} M${f(px)} ${f(py)} l${f(l * 0.7)} ${f(-l * 0.5)} `;
    }
    out += `<path d="${leaves}" stroke="${shade}" stroke-width="${f(5 * s)}" stroke-linecap="round" fill="none"/>`;
  }
  return out;
}

/** One depth layer of trunks with a canopy above and undergrowth at their feet. */
function layer(ctx: SceneContext, base: number, trunkW: number, canopyY: number, r: number, haze: number, skipPath: boolean): string {
  const { rng } = ctx;
  const far = ctx.lit('#a8c4c0');
  const bark = mix(ctx.lit('#5a4232'), far, haze);
  const leaf = mix(ctx.lit('#3f7446'), far, haze);
  let out = '';
  for (let x = rng.range(-30, 10); x < W + 40; x += rng.range(trunkW * 4, trunkW * 9)) {
    const [pc, pw] = pathAt(base);
    if (skipPath && Math.abs(x - pc) < pw + 150) continue;
    const w = trunkW * rng.range(0.7, 1.3);
    out += `<path d="M${f(x - w / 2)} ${f(base + 4)} L${f(x - w * 0.35)} ${f(canopyY)} L${f(x + w * 0.35)} ${f(canopyY)} L${f(x + w / 2)} ${f(base + 4)} Z" fill="${bark}"/>`;
    out += `<path d="M${f(x + w * 0.1)} ${f(base + 4)} L${f(x + w * 0.1)} ${f(canopyY)} L${f(x + w * 0.35)} ${f(canopyY)} L${f(x + w / 2)} ${f(base + 4)} Z" fill="${darken(bark, 0.18)}"/>`;
  }
  for (let x = -40; x < W + 60; x += r * rng.range(0.8, 1.3)) {
    const cy = canopyY - rng.range(0, r * 0.8);
    out += `<circle cx="${f(x)}" cy="${f(cy)}" r="${f(r * rng.range(0.9, 1.3))}" fill="${darken(leaf, 0.08)}"/>`;
    out += `<circle cx="${f(x - r * 0.2)}" cy="${f(cy - r * 0.3)}" r="${f(r * 0.7)}" fill="${lighten(leaf, 0.08)}"/>`;
  }
  out += `<rect x="0" y="${f(canopyY - r * 2.2)}" width="${W}" height="${f(r * 1.4)}" fill="${darken(leaf, 0.08)}"/>`;
  const bush = mix(ctx.lit('#4d7e45'), far, haze);
  for (let x = -20; x < W + 30; x += r * 0.5) {
    const [pc, pw] = pathAt(base);
    if (Math.abs(x - pc) < pw + r * 0.3) continue;
    out += `<ellipse cx="${f(x)}" cy="${f(base)}" rx="${f(r * 0.45)}" ry="${f(r * 0.22)}" fill="${rng.chance(0.5) ? bush : lighten(bush, 0.06)}"/>`;
  }
  return out;
}

export const forest: Archetype = {
  id: 'forest',
  indoor: false,
  keywords: {
    en: ['forest', 'woods', 'woodland', 'grove', 'thicket', 'bamboo forest', 'trees', 'jungle'],
    ja: ['森', '林', '森林', '雑木林', '竹林', '樹海', '木立'],
  },
  draw(ctx) {
    const { rng } = ctx;
    let out = ctx.sky();
    const ground = ctx.uid('floor');
    out += `<defs><linearGradient id="${ground}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#8fae84')}"/><stop offset="0.4" stop-color="${ctx.lit('#5f8a4c')}"/><stop offset="1" stop-color="${ctx.lit('#3f6534')}"/></linearGradient></defs>`;
    out += `<rect x="0" y="${HORIZON - 10}" width="${W}" height="${H - HORIZON + 10}" fill="url(#${ground})"/>`;
    out += layer(ctx, HORIZON - 2, 4, 370, 24, 0.82, false);
    out += layer(ctx, HORIZON + 4, 7, 300, 38, 0.65, false);
    out += layer(ctx, HORIZON + 22, 13, 210, 56, 0.42, false);
    // The winding dirt path.
    let left = '';
    let right = '';
    for (let y = HORIZON; y <= H + 2; y += 6) {
      const [c, w] = pathAt(y);
      left += `${left ? 'L' : 'M'}${f(c - w)} ${f(y)} `;
      right = `L${f(c + w)} ${f(y)} ` + right;
    }
    out += `<path d="${left}${right}Z" fill="${ctx.lit('#b99a6e')}"/>`;
    let inner = '';
    let innerR = '';
    for (let y = HORIZON + 4; y <= H + 2; y += 6) {
      const [c, w] = pathAt(y);
      inner += `${inner ? 'L' : 'M'}${f(c - w * 0.6)} ${f(y)} `;
      innerR = `L${f(c + w * 0.5)} ${f(y)} ` + innerR;
    }
    out += `<path d="${inner}${innerR}Z" fill="${ctx.lit('#c8ab7f')}"/>`;
    for (let i = 0; i < 26; i++) {
      const y = rng.range(HORIZON + 20, H);
      const [c, w] = pathAt(y);
      const s = (y - HORIZON) / (H - HORIZON);
      const x = c + (rng.chance(0.5) ? -1 : 1) * w * rng.range(0.9, 1.1);
      out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(6 + 16 * s)}" ry="${f(3 + 8 * s)}" fill="${ctx.lit(rng.pick(['#8e8a7c', '#a29d8e']))}"/>`;
    }
    out += layer(ctx, HORIZON + 70, 24, 110, 80, 0.15, true);
    // Light shafts through the canopy.
    if (ctx.weather === 'clear' || ctx.weather === 'cloudy' || ctx.weather === 'fog') {
      const beam = ctx.uid('beam');
      const night = ctx.light.time === 'night';
      const color = night ? '#c8d4ff' : ctx.light.time === 'evening' ? '#ffd3a0' : '#fff6d8';
      const strength = (night ? 0.12 : 0.32) * (ctx.weather === 'clear' ? 1 : 0.5);
      out += `<defs><linearGradient id="${beam}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${color}" stop-opacity="${strength}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></linearGradient></defs>`;
      for (const [x, w] of [[470, 60], [600, 36], [760, 80], [900, 44]] as const) {
        out += `<path d="M${x} 60 L${x + w} 60 L${x + w - 160} ${H - 40} L${x - 260} ${H - 40} Z" fill="url(#${beam})"/>`;
      }
      for (const [x, y] of [[560, 610], [700, 520], [470, 680]] as const) {
        out += `<ellipse cx="${x}" cy="${y}" rx="${60 * (y / 600)}" ry="${12 * (y / 600)}" fill="${color}" opacity="${strength * 0.8}"/>`;
      }
    }
    // Foreground: great trunks at the edges and a canopy overhead.
    const bark = ctx.lit('#4f3a2b');
    for (const [x, w] of [[70, 110], [250, 56], [1040, 64], [1210, 120]] as const) {
      out += `<path d="M${x - w / 2 - 16} ${H} Q${x - w / 2} ${H - 30} ${x - w / 2} ${H - 80} L${x - w * 0.4} -10 L${x + w * 0.4} -10 L${x + w / 2} ${H - 80} Q${x + w / 2} ${H - 30} ${x + w / 2 + 16} ${H} Z" fill="${bark}"/>`;
      out += `<path d="M${x + w * 0.12} ${H} L${x + w * 0.12} -10 L${x + w * 0.4} -10 L${x + w / 2} ${H - 80} Q${x + w / 2} ${H - 30} ${x + w / 2 + 16} ${H} Z" fill="${darken(bark, 0.3)}"/>`;
      out += `<path d="M${x - w * 0.3} -10 L${x - w * 0.32} ${H - 60}" stroke="${lighten(bark, 0.15)}" stroke-width="${w * 0.08}"/>`;
      for (let k = 0; k < 5; k++) {
        const yy = rng.range(60, 620);
        out += `<path d="M${f(x - w * 0.2)} ${f(yy)} q${f(w * 0.1)} 20 0 40" stroke="${darken(bark, 0.35)}" stroke-width="3" fill="none"/>`;
      }
    }
    const canopy = ctx.lit('#2e5a34');
    for (let x = -60; x < W + 80; x += rng.range(70, 110)) {
      const y = rng.range(-30, 40) + (x > 380 && x < 900 ? -20 : 20);
      out += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(rng.range(70, 110))}" fill="${canopy}"/><circle cx="${f(x - 14)}" cy="${f(y + 10)}" r="${f(rng.range(40, 60))}" fill="${lighten(canopy, 0.1)}"/>`;
    }
    out += fern(ctx, 170, 715, 1.3, '#3f7f3a') + fern(ctx, 330, 700, 0.9, '#4a8a3f') + fern(ctx, 1120, 712, 1.4, '#3f7f3a') + fern(ctx, 960, 690, 0.9, '#4a8a3f');
    out += fern(ctx, 420, 560, 0.45, '#4a8040') + fern(ctx, 880, 575, 0.5, '#4a8040');
    // Little mushrooms and flowers.
    for (const [x, y] of [[300, 650], [316, 660], [1000, 640]] as const) {
      out += `<rect x="${x - 2}" y="${y - 10}" width="5" height="12" fill="${ctx.lit('#efe6d2')}"/><path d="M${x - 9} ${y - 8} Q${x} ${y - 22} ${x + 10} ${y - 8} Z" fill="${ctx.lit('#d0523a')}"/>`;
    }
    for (let i = 0; i < 14; i++) {
      const x = rng.chance(0.5) ? rng.range(330, 440) : rng.range(860, 980);
      out += `<circle cx="${f(x)}" cy="${f(rng.range(600, 710))}" r="3.5" fill="${ctx.lit(rng.pick(['#ffffff', '#f6e27a', '#c9a7f0']))}"/>`;
    }
    if (ctx.lampsOn) {
      for (let i = 0; i < 22; i++) {
        const x = rng.range(150, 1130);
        const y = rng.range(400, 680);
        out += `<circle cx="${f(x)}" cy="${f(y)}" r="9" fill="${ctx.glow('#e8ff9a')}" opacity="0.25"/><circle cx="${f(x)}" cy="${f(y)}" r="2.6" fill="${ctx.glow('#f4ffc0')}"/>`;
      }
    }
    return out;
  },
};
