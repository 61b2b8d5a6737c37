import type { Archetype } from '../archetypes/types';
import { darken, lighten, mix } from '../color';
import { H, W, type SceneContext } from '../scene-kit';

function ridge(ctx: SceneContext, baseY: number, amplitude: number, color: string, snow: boolean): string {
  let d = `M0 ${H} L0 ${baseY}`;
  const peaks: Array<[number, number]> = [];
  for (let x = 0; x <= W + 80; x += ctx.rng.range(90, 180)) {
    const y = baseY - ctx.rng.range(0.3, 1) * amplitude;
    peaks.push([x, y]);
    d += ` L${x.toFixed(1)} ${y.toFixed(1)}`;
  }
  let out = `<path d="${d} L${W} ${H} Z" fill="${color}"/>`;
  if (snow) {
    for (const [x, y] of peaks) {
      if (y < baseY - amplitude * 0.75) out += `<path d="M${x - 26} ${y + 30} L${x} ${y} L${x + 26} ${y + 30} L${x + 10} ${y + 22} L${x} ${y + 32} L${x - 12} ${y + 22} Z" fill="${ctx.lit('#f4f7fa')}"/>`;
    }
  }
  return out;
}

export const mountainPath: Archetype = {
  id: 'mountain_path',
  indoor: false,
  keywords: {
    en: ['mountain', 'mountain path', 'trail', 'hiking', 'hill', 'summit', 'cliff', 'valley', 'pass'],
    ja: ['山', '山道', '登山', '峠', '丘', '山頂', '崖', '谷'],
  },
  draw(ctx) {
    let out = ctx.sky();
    const sky = ctx.lit('#b8c9dc');
    out += ridge(ctx, 330, 160, mix(ctx.lit('#6c7fa3'), sky, 0.55), true);
    out += ridge(ctx, 410, 120, mix(ctx.lit('#4f6a78'), sky, 0.35), false);
    out += ridge(ctx, 480, 90, mix(ctx.lit('#4c6b4a'), sky, 0.15), false);
    // Slope in the foreground, a trail climbing to the right, rocks and a wooden railing.
    const slope = ctx.uid('slope');
    out += `<defs><linearGradient id="${slope}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#7a9a55')}"/><stop offset="1" stop-color="${ctx.lit('#55753c')}"/></linearGradient></defs>`;
    out += `<path d="M0 520 Q 320 470 640 500 T 1280 470 L1280 ${H} L0 ${H} Z" fill="url(#${slope})"/>`;
    out += `<path d="M430 ${H} C 520 640 620 590 760 560 C 860 540 960 520 1080 500 L 1110 508 C 990 535 900 560 810 590 C 700 625 640 670 700 ${H} Z" fill="${ctx.lit('#b79a72')}"/>`;
    for (let i = 0; i < 8; i++) {
      const x = ctx.rng.pick([ctx.rng.range(0, 380), ctx.rng.range(980, W)]);
      const y = ctx.rng.range(560, 700);
      const r = ctx.rng.range(18, 46);
      out += `<path d="M${x - r} ${y} Q ${x - r * 0.6} ${y - r} ${x} ${y - r * 0.9} Q ${x + r * 0.8} ${y - r * 0.7} ${x + r} ${y} Z" fill="${ctx.lit('#8a8780')}"/><path d="M${x} ${y - r * 0.9} Q ${x + r * 0.8} ${y - r * 0.7} ${x + r} ${y} L ${x + r * 0.3} ${y} Z" fill="${ctx.lit('#6f6c66')}"/>`;
    }
    const wood = ctx.lit('#8a6340');
    for (let i = 0; i < 6; i++) {
      const x = 840 + i * 80;
      const y = 570 - i * 14;
      out += `<rect x="${x}" y="${y - 60}" width="9" height="64" fill="${darken(wood, 0.1)}"/>`;
      if (i < 5) out += `<path d="M${x} ${y - 52} L${x + 80} ${y - 66} M${x} ${y - 28} L${x + 80} ${y - 42}" stroke="${wood}" stroke-width="7"/>`;
    }
    // Alpine trees on the left.
    for (const [x, y, s] of [[80, 600, 1.2], [190, 560, 0.9], [280, 600, 1.0]] as const) {
      const g = ctx.lit('#2f5a3a');
      out += `<rect x="${x - 5 * s}" y="${y - 60 * s}" width="${10 * s}" height="${64 * s}" fill="${ctx.lit('#5b4030')}"/>`;
      for (let t = 0; t < 4; t++) out += `<path d="M${x} ${y - 200 * s + t * 40 * s} L${x + (30 + t * 14) * s} ${y - 110 * s + t * 22 * s} L${x - (30 + t * 14) * s} ${y - 110 * s + t * 22 * s} Z" fill="${t % 2 ? g : lighten(g, 0.06)}"/>`;
    }
    // A trail signpost.
    out += `<rect x="1000" y="470" width="8" height="70" fill="${wood}"/><path d="M970 470 L1040 462 L1052 474 L1040 486 L970 494 Z" fill="${lighten(wood, 0.15)}"/>`;
    return out;
  },
};
