import type { Archetype } from '../archetypes/types';
import { darken, lighten } from '../color';
import { H, W, type SceneContext } from '../scene-kit';

/** A sweeping tiled roof: wide eaves that curve up at the corners. */
function roof(ctx: SceneContext, cx: number, y: number, half: number, height: number, color: string): string {
  const tiles = ctx.lit(color);
  let out = `<path d="M${cx - half - 40} ${y + height} Q ${cx - half + 10} ${y + height - 8} ${cx - half * 0.55} ${y + 10} L ${cx + half * 0.55} ${y + 10} Q ${cx + half - 10} ${y + height - 8} ${cx + half + 40} ${y + height} Q ${cx} ${y + height - 24} ${cx - half - 40} ${y + height} Z" fill="${tiles}"/>`;
  out += `<path d="M${cx - half * 0.55} ${y + 10} L ${cx - half * 0.45} ${y - 6} L ${cx + half * 0.45} ${y - 6} L ${cx + half * 0.55} ${y + 10} Z" fill="${darken(tiles, 0.2)}"/>`;
  out += `<g stroke="${darken(tiles, 0.25)}" stroke-width="2" opacity="0.6">`;
  for (let x = cx - half * 0.5; x < cx + half * 0.5; x += 14) out += `<line x1="${x.toFixed(1)}" y1="${y + 12}" x2="${(cx + (x - cx) * 1.6).toFixed(1)}" y2="${y + height - 12}"/>`;
  return `${out}</g>`;
}

export const temple: Archetype = {
  id: 'temple',
  indoor: false,
  keywords: {
    en: ['temple', 'buddhist temple', 'pagoda', 'monastery', 'zen garden'],
    ja: ['寺', 'お寺', '寺院', '五重塔', '本堂', '境内の寺'],
  },
  draw(ctx) {
    let out = ctx.sky();
    // A five-storey pagoda in the distance on the left, and hills.
    out += `<path d="M0 430 Q 200 360 420 400 T 900 390 T 1280 370 L1280 450 L0 450 Z" fill="${ctx.lit('#6d8f6a')}"/>`;
    const px = 190;
    const wood = ctx.lit('#8c3b2b');
    for (let i = 0; i < 5; i++) {
      const y = 420 - i * 46;
      const w = 70 - i * 8;
      out += `<rect x="${px - w / 2 + 8}" y="${y - 30}" width="${w - 16}" height="30" fill="${wood}"/>`;
      out += roof(ctx, px, y - 48, w / 2 + 6, 22, '#3e4a52');
    }
    out += `<rect x="${px - 2}" y="150" width="4" height="46" fill="${ctx.lit('#c9a54a')}"/>`;
    // Raked gravel courtyard.
    const gravel = ctx.lit('#d9d3c4');
    out += `<rect x="0" y="450" width="${W}" height="${H - 450}" fill="${gravel}"/>`;
    out += `<g stroke="${darken(gravel, 0.08)}" stroke-width="2" fill="none">`;
    for (let y = 470; y < H; y += 16) out += `<path d="M0 ${y} Q 320 ${y - 6} 640 ${y} T 1280 ${y}"/>`;
    out += '</g>';
    // The main hall on its stone platform.
    out += `<rect x="420" y="400" width="640" height="40" fill="${ctx.lit('#a9a39a')}"/><rect x="400" y="436" width="680" height="16" fill="${ctx.lit('#8f8a82')}"/>`;
    out += `<rect x="470" y="300" width="540" height="100" fill="${ctx.lit('#efe6d6')}"/>`;
    for (let x = 470; x <= 1010; x += 90) out += `<rect x="${x - 7}" y="300" width="14" height="100" fill="${wood}"/>`;
    for (let x = 560; x < 920; x += 90) out += `<rect x="${x + 12}" y="318" width="66" height="70" fill="${ctx.lampsOn ? ctx.glow('#ffd98a') : ctx.lit('#6e5646')}" opacity="0.9"/>`;
    out += roof(ctx, 740, 190, 330, 116, '#3a454d');
    out += `<rect x="660" y="440" width="160" height="12" fill="${ctx.lit('#8f8a82')}"/><rect x="680" y="452" width="120" height="12" fill="${ctx.lit('#a9a39a')}"/>`;
    // A bronze incense burner in front, with smoke.
    const bronze = ctx.lit('#6b5a3a');
    out += `<path d="M560 600 h90 l-10 -50 h-70 Z" fill="${bronze}"/><rect x="570" y="530" width="70" height="20" fill="${lighten(bronze, 0.1)}"/><path d="M560 530 l 45 -30 l 45 30 Z" fill="${darken(bronze, 0.1)}"/>`;
    out += `<path d="M605 500 q -20 -30 0 -60 q 20 -30 0 -60" stroke="#e8e8e8" stroke-width="6" fill="none" opacity="0.45"/>`;
    for (const x of [600, 640]) out += `<rect x="${x}" y="600" width="10" height="40" fill="${bronze}"/>`;
    // Pine trees framing the right side, and stone lanterns.
    for (const [x, s] of [[1180, 1.3], [1080, 0.9]] as const) {
      out += `<rect x="${x - 8 * s}" y="${440 - 40 * s}" width="${16 * s}" height="${200 * s}" fill="${ctx.lit('#5b4030')}"/>`;
      for (let t = 0; t < 4; t++) out += `<ellipse cx="${x + (t % 2 ? 40 : -40) * s}" cy="${380 - t * 60 * s}" rx="${70 * s}" ry="${24 * s}" fill="${ctx.lit(t % 2 ? '#355e3b' : '#2f5535')}"/>`;
    }
    for (const x of [330, 1150]) {
      const stone = ctx.lit('#9a958c');
      out += `<rect x="${x - 8}" y="540" width="16" height="80" fill="${stone}"/><rect x="${x - 24}" y="512" width="48" height="30" fill="${ctx.lampsOn ? ctx.glow('#ffd98a') : darken(stone, 0.15)}"/><path d="M${x - 36} 514 L ${x} 488 L ${x + 36} 514 Z" fill="${stone}"/><rect x="${x - 30}" y="618" width="60" height="12" fill="${darken(stone, 0.1)}"/>`;
    }
    return out;
  },
};
