import type { Archetype } from '../archetypes/types';
import { darken, lighten } from '../color';
import { H, W, type SceneContext } from '../scene-kit';

function boat(ctx: SceneContext, x: number, y: number, s: number, hull: string): string {
  const h = ctx.lit(hull);
  let out = `<path d="M${x - 90 * s} ${y} L${x + 90 * s} ${y} L${x + 70 * s} ${y + 30 * s} L${x - 75 * s} ${y + 30 * s} Z" fill="${h}"/>`;
  out += `<rect x="${x - 90 * s}" y="${y - 4 * s}" width="${180 * s}" height="${6 * s}" fill="${ctx.lit('#f4f1ea')}"/>`;
  out += `<rect x="${x - 30 * s}" y="${y - 40 * s}" width="${60 * s}" height="${36 * s}" fill="${ctx.lit('#f1eee6')}"/><rect x="${x - 22 * s}" y="${y - 32 * s}" width="${44 * s}" height="${12 * s}" fill="${ctx.lampsOn ? ctx.glow('#ffd98a') : ctx.lit('#5d7f9a')}"/>`;
  out += `<rect x="${x - 2 * s}" y="${y - 110 * s}" width="${4 * s}" height="${70 * s}" fill="${ctx.lit('#8a8a8a')}"/>`;
  // Its reflection in the water.
  out += `<path d="M${x - 75 * s} ${y + 32 * s} L${x + 70 * s} ${y + 32 * s} L${x + 60 * s} ${y + 56 * s} L${x - 60 * s} ${y + 56 * s} Z" fill="${darken(h, 0.3)}" opacity="0.35"/>`;
  return out;
}

export const harbour: Archetype = {
  id: 'harbour',
  indoor: false,
  keywords: {
    en: ['harbour', 'harbor', 'port', 'pier', 'dock', 'docks', 'wharf', 'marina', 'fishing village', 'lighthouse'],
    ja: ['港', '波止場', '桟橋', '漁港', '埠頭', '灯台', 'ふ頭'],
  },
  draw(ctx) {
    const horizon = 400;
    let out = ctx.sky();
    // Far shore with hills and houses, a lighthouse on the point.
    out += `<path d="M0 ${horizon} L0 360 Q 120 330 260 350 Q 360 365 420 ${horizon} Z" fill="${ctx.lit('#6f8a7a')}"/>`;
    out += `<path d="M760 ${horizon} Q 900 340 1040 352 Q 1180 360 1280 330 L1280 ${horizon} Z" fill="${ctx.lit('#6f8a7a')}"/>`;
    for (let i = 0; i < 8; i++) {
      const x = 820 + i * 52;
      out += `<rect x="${x}" y="${372 - (i % 3) * 6}" width="30" height="22" fill="${ctx.lit(ctx.rng.pick(['#e9e4d8', '#d8c8b0', '#c9d6df']))}"/><path d="M${x - 4} ${372 - (i % 3) * 6} l19 -12 l19 12 Z" fill="${ctx.lit('#8c3b2b')}"/>`;
    }
    out += `<path d="M1190 360 L1205 250 L1225 250 L1240 360 Z" fill="${ctx.lit('#f4f1ea')}"/><rect x="1197" y="285" width="36" height="14" fill="${ctx.lit('#c0392b')}"/><rect x="1199" y="232" width="32" height="20" fill="${ctx.lampsOn ? ctx.glow('#fff2a8') : ctx.lit('#9fb3c0')}"/>`;
    if (ctx.lampsOn) out += `<path d="M1215 242 L 900 200 L 900 280 Z" fill="#fff2a8" opacity="0.18"/>`;
    // The water of the harbour.
    const water = ctx.uid('water');
    out += `<defs><linearGradient id="${water}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#3f7f9f')}"/><stop offset="1" stop-color="${ctx.lit('#2a5f7a')}"/></linearGradient></defs><rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#${water})"/>`;
    out += `<g stroke="${lighten(ctx.lit('#3f7f9f'), 0.35)}" stroke-width="2" opacity="0.5">`;
    for (let i = 0; i < 50; i++) {
      const y = ctx.rng.range(horizon + 6, H);
      const x = ctx.rng.range(0, W);
      out += `<line x1="${x.toFixed(1)}" y1="${y.toFixed(1)}" x2="${(x + 10 + (y - horizon) / 8).toFixed(1)}" y2="${y.toFixed(1)}"/>`;
    }
    out += '</g>';
    out += boat(ctx, 560, 455, 0.7, '#2f6fb5') + boat(ctx, 860, 470, 0.9, '#c0392b');
    // The quay in the foreground with bollards, a rope and crates; a crane on the left.
    const quay = ctx.lit('#a9a49a');
    out += `<path d="M0 560 L 420 560 L 300 ${H} L0 ${H} Z" fill="${quay}"/><path d="M420 560 L 300 ${H} L 320 ${H} L 436 560 Z" fill="${darken(quay, 0.3)}"/>`;
    out += `<path d="M0 560 L 420 560 L 436 548 L 0 548 Z" fill="${lighten(quay, 0.1)}"/>`;
    for (const [x, y] of [[120, 600], [330, 580]] as const) out += `<rect x="${x - 12}" y="${y - 24}" width="24" height="26" rx="6" fill="${ctx.lit('#3b3f45')}"/><rect x="${x - 16}" y="${y - 28}" width="32" height="8" rx="4" fill="${ctx.lit('#4b5058')}"/>`;
    out += `<path d="M330 556 Q 420 600 500 470" stroke="${ctx.lit('#d9c8a0')}" stroke-width="4" fill="none"/>`;
    for (const [x, y, c] of [[40, 620, '#b5773e'], [80, 650, '#2f7f5f'], [10, 670, '#b5773e']] as const) out += `<rect x="${x}" y="${y}" width="70" height="50" fill="${ctx.lit(c)}"/><rect x="${x}" y="${y}" width="70" height="8" fill="${darken(ctx.lit(c), 0.2)}"/>`;
    const crane = ctx.lit('#e0a03a');
    out += `<rect x="180" y="220" width="14" height="330" fill="${crane}"/><path d="M187 224 L 470 250 L 470 262 L 187 240 Z" fill="${crane}"/><line x1="440" y1="258" x2="440" y2="380" stroke="${ctx.lit('#555555')}" stroke-width="2"/><rect x="428" y="378" width="24" height="14" fill="${ctx.lit('#555555')}"/>`;
    // Seagulls.
    for (let i = 0; i < 4; i++) {
      const x = ctx.rng.range(450, 1100);
      const y = ctx.rng.range(120, 260);
      out += `<path d="M${x - 12} ${y} q 6 -7 12 0 q 6 -7 12 0" stroke="${ctx.lit('#f4f4f4')}" stroke-width="2.5" fill="none"/>`;
    }
    return out;
  },
};
