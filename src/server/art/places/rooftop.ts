import type { Archetype } from '../archetypes/types';
import { H, W } from '../scene-kit';
import { darken, lighten } from '../color';

export const rooftop: Archetype = {
  id: 'rooftop',
  indoor: false,
  keywords: {
    en: ['rooftop', 'roof', 'school roof', 'roof top', 'terrace'],
    ja: ['屋上', '屋根の上', 'テラス'],
  },
  draw(ctx) {
    let out = ctx.sky();
    // The town far below, seen over the parapet.
    const town = ctx.lit('#8a9bb5');
    for (let x = -20; x < W; x += ctx.rng.range(40, 90)) {
      const h = ctx.rng.range(20, 90);
      out += `<rect x="${x.toFixed(1)}" y="${(470 - h).toFixed(1)}" width="${ctx.rng.range(36, 80).toFixed(1)}" height="${(h + 10).toFixed(1)}" fill="${ctx.rng.chance(0.5) ? town : lighten(town, 0.08)}"/>`;
      if (ctx.lampsOn) for (let k = 0; k < 3; k++) out += `<rect x="${(x + ctx.rng.range(4, 30)).toFixed(1)}" y="${(470 - h + ctx.rng.range(6, h)).toFixed(1)}" width="4" height="4" fill="#ffd98a"/>`;
    }
    out += `<path d="M0 470 Q 300 440 640 458 T 1280 450 L1280 480 L0 480 Z" fill="${ctx.lit('#7f9a86')}"/>`;
    // Concrete floor with expansion joints converging to the horizon.
    const floor = ctx.lit('#b9b7b0');
    out += `<rect x="0" y="480" width="${W}" height="${H - 480}" fill="${floor}"/>`;
    out += `<g stroke="${darken(floor, 0.12)}" stroke-width="2">`;
    for (let i = -8; i <= 8; i++) out += `<line x1="${640 + i * 40}" y1="480" x2="${640 + i * 260}" y2="${H}"/>`;
    for (const y of [510, 550, 610, 690]) out += `<line x1="0" y1="${y}" x2="${W}" y2="${y}"/>`;
    out += '</g>';
    // Parapet and a tall wire fence along the edge.
    out += `<rect x="0" y="462" width="${W}" height="24" fill="${ctx.lit('#d6d3cb')}"/><rect x="0" y="482" width="${W}" height="6" fill="${darken(floor, 0.2)}"/>`;
    const fence = ctx.lit('#4f7a68');
    out += `<g stroke="${fence}" stroke-width="1.4" opacity="0.75">`;
    for (let x = -300; x < W + 300; x += 18) out += `<line x1="${x}" y1="250" x2="${x + 212}" y2="462"/><line x1="${x + 212}" y1="250" x2="${x}" y2="462"/>`;
    out += '</g>';
    for (let x = 0; x <= W; x += 160) out += `<rect x="${x - 4}" y="240" width="8" height="226" fill="${darken(fence, 0.1)}"/>`;
    out += `<rect x="0" y="240" width="${W}" height="8" fill="${fence}"/>`;
    // Stairwell housing with its door on the left, a water tank on the right.
    const block = ctx.lit('#d8d4ca');
    out += `<path d="M0 210 L250 230 L250 560 L0 600 Z" fill="${block}"/><path d="M0 196 L262 220 L262 232 L0 210 Z" fill="${darken(block, 0.2)}"/>`;
    out += `<path d="M80 330 L190 338 L190 556 L80 572 Z" fill="${ctx.lit('#7d8c96')}"/><circle cx="175" cy="450" r="6" fill="${ctx.lit('#d9d9d9')}"/>`;
    if (ctx.lampsOn) out += `<circle cx="135" cy="300" r="10" fill="${ctx.glow('#fff0c0')}"/>`;
    const tank = ctx.lit('#cfd8dc');
    out += `<rect x="1030" y="250" width="190" height="150" rx="10" fill="${tank}"/><rect x="1030" y="250" width="190" height="24" rx="10" fill="${lighten(tank, 0.15)}"/><rect x="1150" y="250" width="70" height="150" fill="${darken(tank, 0.1)}"/>`;
    for (const x of [1050, 1190]) out += `<rect x="${x}" y="400" width="12" height="90" fill="${ctx.lit('#6b7a84')}"/>`;
    out += `<rect x="1040" y="480" width="170" height="10" fill="${ctx.lit('#6b7a84')}"/>`;
    // A bench by the fence.
    out += `<rect x="880" y="520" width="150" height="12" fill="${ctx.lit('#9c6b45')}"/><rect x="890" y="532" width="8" height="36" fill="${ctx.lit('#555555')}"/><rect x="1012" y="532" width="8" height="36" fill="${ctx.lit('#555555')}"/>`;
    return out;
  },
};
