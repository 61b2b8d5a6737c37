import type { Archetype } from '../archetypes/types';
import { darken, lighten, mix } from '../color';
import { H, W, type SceneContext } from '../scene-kit';

/** One band of trees at a depth: farther bands are smaller, paler and bluer. */
function treeBand(ctx: SceneContext, baseY: number, scale: number, haze: number, count: number): string {
  const far = mix(ctx.lit('#2f5f3a'), ctx.lit('#a9c3c7'), haze);
  const trunk = mix(ctx.lit('#5b4030'), ctx.lit('#a9b8b8'), haze);
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = (i / count) * (W + 120) - 60 + ctx.rng.range(-20, 20);
    const h = ctx.rng.range(260, 380) * scale;
    const w = ctx.rng.range(70, 110) * scale;
    out += `<rect x="${(x - 6 * scale).toFixed(1)}" y="${(baseY - h * 0.4).toFixed(1)}" width="${(12 * scale).toFixed(1)}" height="${(h * 0.4 + 4).toFixed(1)}" fill="${trunk}"/>`;
    // Stacked triangles make a conifer; the lighter edge fakes light from the sky.
    for (let t = 0; t < 3; t++) {
      const top = baseY - h + t * h * 0.2;
      const bottom = baseY - h * 0.3 - (2 - t) * h * 0.08;
      const half = w * (0.5 + t * 0.25);
      const green = t === 0 ? lighten(far, 0.06) : far;
      out += `<path d="M${x.toFixed(1)} ${top.toFixed(1)} L${(x + half).toFixed(1)} ${bottom.toFixed(1)} L${(x - half).toFixed(1)} ${bottom.toFixed(1)} Z" fill="${green}"/>`;
      out += `<path d="M${x.toFixed(1)} ${top.toFixed(1)} L${(x + half).toFixed(1)} ${bottom.toFixed(1)} L${(x + half * 0.55).toFixed(1)} ${bottom.toFixed(1)} Z" fill="${darken(green, 0.12)}"/>`;
    }
  }
  return out;
}

export const forest: Archetype = {
  id: 'forest',
  indoor: false,
  keywords: {
    en: ['forest', 'woods', 'woodland', 'grove', 'jungle', 'trees', 'bamboo grove', 'thicket'],
    ja: ['森', '林', '森林', '雑木林', '竹林', '樹海', '木々'],
  },
  draw(ctx) {
    let out = ctx.sky();
    const ground = ctx.uid('ground');
    out += `<defs><linearGradient id="${ground}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#5f7f4a')}"/><stop offset="1" stop-color="${ctx.lit('#3e5f34')}"/></linearGradient></defs>`;
    out += `<rect x="0" y="430" width="${W}" height="${H - 430}" fill="url(#${ground})"/>`;
    // The far forest is a hazy wall, so no sky shows between the nearer trunks.
    out += `<path d="M0 440 L0 330 Q 160 290 320 320 T 640 310 T 960 318 T 1280 300 L1280 440 Z" fill="${mix(ctx.lit('#3f6a48'), ctx.lit('#b4c8c8'), 0.7)}"/>`;
    out += treeBand(ctx, 450, 0.55, 0.65, 22) + treeBand(ctx, 480, 0.8, 0.4, 14);
    // A dirt path winding away between the trees.
    out += `<path d="M520 ${H} C 560 620 700 580 640 520 C 600 480 660 460 660 440 L 690 440 C 700 470 650 490 700 530 C 770 590 760 650 900 ${H} Z" fill="${ctx.lit('#a58760')}"/>`;
    out += `<path d="M560 ${H} C 590 640 690 600 660 540" stroke="${ctx.lit('#8c7150')}" stroke-width="4" fill="none" opacity="0.5"/>`;
    // Shafts of light through the canopy by day.
    if (!ctx.lampsOn && (ctx.weather === 'clear' || ctx.weather === 'fog')) {
      const shaft = ctx.uid('shaft');
      out += `<defs><linearGradient id="${shaft}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff6d8" stop-opacity="0.45"/><stop offset="1" stop-color="#fff6d8" stop-opacity="0"/></linearGradient></defs>`;
      for (const x of [380, 560, 820]) out += `<path d="M${x} 0 L ${x + 70} 0 L ${x + 210} 620 L ${x + 90} 620 Z" fill="url(#${shaft})"/>`;
    }
    // Big foreground trunks framing the scene, with ferns and mushrooms.
    for (const [x, w] of [[40, 90], [1170, 110], [300, 40], [980, 46]] as const) {
      const bark = ctx.lit('#4a3426');
      out += `<path d="M${x - w / 2} ${H} L ${x - w / 2 + 8} 0 L ${x + w / 2 - 8} 0 L ${x + w / 2} ${H} Z" fill="${bark}"/>`;
      out += `<path d="M${x + w / 6} ${H} L ${x + w / 6} 0 L ${x + w / 2 - 8} 0 L ${x + w / 2} ${H} Z" fill="${darken(bark, 0.25)}"/>`;
    }
    out += `<path d="M0 0 H${W} V120 Q ${W * 0.75} 180 ${W / 2} 110 Q ${W * 0.25} 170 0 120 Z" fill="${ctx.lit('#2c4d2c')}" opacity="0.95"/>`;
    for (let i = 0; i < 14; i++) {
      const x = ctx.rng.pick([ctx.rng.range(0, 420), ctx.rng.range(880, W)]);
      const y = ctx.rng.range(640, 715);
      for (let f = 0; f < 5; f++) {
        const a = -Math.PI / 2 + (f - 2) * 0.45;
        out += `<path d="M${x.toFixed(1)} ${y.toFixed(1)} Q ${(x + Math.cos(a) * 20).toFixed(1)} ${(y + Math.sin(a) * 40).toFixed(1)} ${(x + Math.cos(a) * 44).toFixed(1)} ${(y + Math.sin(a) * 30).toFixed(1)}" stroke="${ctx.lit(f % 2 ? '#4c8a3f' : '#5f9e4a')}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
      }
    }
    out += `<ellipse cx="250" cy="668" rx="12" ry="7" fill="${ctx.lit('#d9534f')}"/><rect x="246" y="668" width="8" height="12" fill="${ctx.lit('#f3ead7')}"/>`;
    if (ctx.lampsOn) {
      // Fireflies at night.
      for (let i = 0; i < 26; i++) out += `<circle cx="${ctx.rng.range(100, 1180).toFixed(1)}" cy="${ctx.rng.range(380, 640).toFixed(1)}" r="2.4" fill="#f7f08a" opacity="${ctx.rng.range(0.5, 0.95).toFixed(2)}"/>`;
    }
    return out;
  },
};
