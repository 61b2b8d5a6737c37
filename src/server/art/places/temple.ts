import { darken, lighten, mix } from '../color';
import { H, W, type SceneContext } from '../scene-kit';
import type { Archetype } from '../archetypes/types';

const f = (n: number) => n.toFixed(1);

/** A curved tiled roof seen from the front: eave corners flare up, tile lines, a light fascia. */
function roof(ctx: SceneContext, cx: number, eaveY: number, halfW: number, topHalfW: number, h: number, color: string): string {
  const c = ctx.lit(color);
  const l = lighten(c, 0.14);
  const top = eaveY - h;
  let out = `<path d="M${f(cx - topHalfW)} ${f(top)} L${f(cx + topHalfW)} ${f(top)} Q${f(cx + topHalfW + (halfW - topHalfW) * 0.25)} ${f(eaveY - h * 0.2)} ${f(cx + halfW)} ${f(eaveY - h * 0.22)} Q${f(cx + halfW * 0.7)} ${f(eaveY)} ${f(cx)} ${f(eaveY)} Q${f(cx - halfW * 0.7)} ${f(eaveY)} ${f(cx - halfW)} ${f(eaveY - h * 0.22)} Q${f(cx - topHalfW - (halfW - topHalfW) * 0.25)} ${f(eaveY - h * 0.2)} ${f(cx - topHalfW)} ${f(top)} Z" fill="${c}"/>`;
  const n = Math.max(6, Math.round(halfW / 14));
  let lines = '';
  for (let i = -n; i <= n; i++) {
    const t = i / n;
    lines += `M${f(cx + t * topHalfW)} ${f(top + 2)} Q${f(cx + t * (topHalfW + halfW) * 0.5)} ${f(eaveY - h * 0.3)} ${f(cx + t * halfW * 0.96)} ${f(eaveY - h * 0.22 * t * t)} `;
  }
  out += `<path d="${lines}" stroke="${l}" stroke-width="${f(Math.max(1, halfW / 160))}" fill="none" opacity="0.7"/>`;
  out += `<path d="M${f(cx - halfW)} ${f(eaveY - h * 0.22)} Q${f(cx - halfW * 0.7)} ${f(eaveY)} ${f(cx)} ${f(eaveY)} Q${f(cx + halfW * 0.7)} ${f(eaveY)} ${f(cx + halfW)} ${f(eaveY - h * 0.22)}" stroke="${darken(c, 0.3)}" stroke-width="${f(Math.max(2, h * 0.08))}" fill="none"/>`;
  out += `<rect x="${f(cx - topHalfW - 6)}" y="${f(top - h * 0.08)}" width="${f(topHalfW * 2 + 12)}" height="${f(h * 0.1)}" rx="3" fill="${darken(c, 0.25)}"/>`;
  return out;
}

function pagoda(ctx: SceneContext, cx: number, base: number, haze: string): string {
  const hz = (c: string) => mix(ctx.lit(c), haze, 0.35);
  let out = `<rect x="${cx - 52}" y="${base - 16}" width="104" height="16" fill="${hz('#bdb6a8')}"/>`;
  let y = base - 16;
  for (let i = 0; i < 5; i++) {
    const w = 40 - i * 5;
    const h = 34 - i * 2;
    out += `<rect x="${cx - w}" y="${y - h}" width="${w * 2}" height="${h}" fill="${hz('#9a3b2a')}"/><rect x="${cx - w + 6}" y="${y - h + 8}" width="${w * 2 - 12}" height="${h - 12}" fill="${hz('#e8dcc2')}"/><rect x="${cx - 5}" y="${y - h + 8}" width="10" height="${h - 8}" fill="${hz('#5a3a28')}"/>`;
    y -= h;
    out += roof(ctx, cx, y + 6, 78 - i * 8, 26 - i * 3, 22, '#3d4548').replace(/fill="#[0-9a-f]{6}"/g, `fill="${hz('#3d4548')}"`);
    y -= 16;
  }
  out += `<rect x="${cx - 3}" y="${y - 80}" width="6" height="84" fill="${hz('#8c7a46')}"/>`;
  for (let i = 0; i < 9; i++) out += `<rect x="${cx - 9}" y="${y - 10 - i * 6}" width="18" height="3" fill="${hz('#a8904f')}"/>`;
  out += `<circle cx="${cx}" cy="${y - 84}" r="6" fill="${hz('#a8904f')}"/>`;
  return out;
}

function mainHall(ctx: SceneContext, cx: number, base: number): string {
  const wood = ctx.lit('#8e3a28');
  const woodD = darken(wood, 0.3);
  const plaster = ctx.lit('#efe7d4');
  const stone = ctx.lit('#c4bdae');
  let out = `<rect x="${cx - 330}" y="${base - 26}" width="660" height="26" fill="${darken(stone, 0.12)}"/><rect x="${cx - 330}" y="${base - 30}" width="660" height="6" fill="${lighten(stone, 0.1)}"/>`;
  for (let i = 0; i < 5; i++) out += `<rect x="${cx - 90 - i * 8}" y="${base - 26 + i * 6}" width="${180 + i * 16}" height="6" fill="${i % 2 ? stone : darken(stone, 0.07)}"/>`;
  out += `<rect x="${cx - 300}" y="${base - 170}" width="600" height="140" fill="${plaster}"/>`;
  // Lattice doors between pillars.
  const bays = [-300, -200, -100, 0, 100, 200];
  for (const b of bays) {
    const inner = b === -100 || b === 0;
    out += `<rect x="${cx + b + 12}" y="${base - 150}" width="76" height="120" fill="${inner ? ctx.lit('#5b3b26') : ctx.lit('#7a5233')}"/>`;
    if (ctx.lampsOn && inner) out += `<rect x="${cx + b + 12}" y="${base - 150}" width="76" height="120" fill="${ctx.glow('#ffc070')}" opacity="0.6"/>`;
    let grid = '';
    for (let k = 1; k < 6; k++) grid += `M${cx + b + 12 + k * 12.7} ${base - 150} v120 `;
    for (let k = 1; k < 8; k++) grid += `M${cx + b + 12} ${base - 150 + k * 15} h76 `;
    out += `<path d="${grid}" stroke="${ctx.lit('#caa678')}" stroke-width="2" opacity="0.8"/>`;
  }
  for (let i = 0; i <= 6; i++) out += `<rect x="${cx - 306 + i * 100}" y="${base - 176}" width="12" height="148" fill="${wood}"/><rect x="${cx - 298 + i * 100}" y="${base - 176}" width="4" height="148" fill="${woodD}"/>`;
  out += `<rect x="${cx - 312}" y="${base - 186}" width="624" height="16" fill="${wood}"/><rect x="${cx - 312}" y="${base - 172}" width="624" height="4" fill="${woodD}"/>`;
  // Bracket shadows under the eaves, then the great roof and its gable.
  out += `<rect x="${cx - 340}" y="${base - 204}" width="680" height="20" fill="${darken(wood, 0.45)}"/>`;
  for (let i = 0; i < 14; i++) out += `<rect x="${cx - 330 + i * 50}" y="${base - 204}" width="22" height="12" fill="${ctx.lit('#c9a15a')}" opacity="0.7"/>`;
  out += roof(ctx, cx, base - 196, 430, 190, 120, '#3b4446');
  const gy = base - 316;
  out += `<path d="M${cx - 150} ${gy + 4} L${cx} ${gy - 90} L${cx + 150} ${gy + 4} Z" fill="${ctx.lit('#d9cdb0')}"/><path d="M${cx - 170} ${gy + 8} L${cx} ${gy - 100} L${cx + 170} ${gy + 8}" stroke="${ctx.lit('#2f3638')}" stroke-width="16" fill="none"/>`;
  out += `<path d="M${cx - 60} ${gy - 24} Q${cx} ${gy - 70} ${cx + 60} ${gy - 24} Z" fill="${ctx.lit('#c9a54a')}"/><circle cx="${cx}" cy="${gy - 12}" r="10" fill="${ctx.lit('#c9a54a')}"/>`;
  out += `<rect x="${cx - 200}" y="${gy - 18}" width="400" height="22" fill="${ctx.lit('#2f3638')}"/>`;
  // Upper roof ridge with shibi ornaments.
  out += roof(ctx, cx, gy - 8, 210, 130, 44, '#353d40');
  for (const s of [-1, 1]) out += `<path d="M${cx + s * 136} ${gy - 50} Q${cx + s * 150} ${gy - 88} ${cx + s * 128} ${gy - 96} Q${cx + s * 128} ${gy - 70} ${cx + s * 118} ${gy - 52} Z" fill="${ctx.lit('#9c8440')}"/>`;
  // Hanging lanterns under the eaves.
  for (const s of [-1, 1]) {
    const lx = cx + s * 150;
    out += `<rect x="${lx - 14}" y="${base - 170}" width="28" height="38" rx="12" fill="${ctx.lampsOn ? ctx.glow('#ffdca0') : ctx.lit('#f0e2c4')}"/><rect x="${lx - 10}" y="${base - 174}" width="20" height="6" fill="${woodD}"/><rect x="${lx - 10}" y="${base - 134}" width="20" height="6" fill="${woodD}"/>`;
    if (ctx.lampsOn) {
      const g = ctx.uid('hl');
      out += `<defs><radialGradient id="${g}"><stop offset="0" stop-color="#ffcf7a" stop-opacity="0.55"/><stop offset="1" stop-color="#ffcf7a" stop-opacity="0"/></radialGradient></defs><circle cx="${lx}" cy="${base - 151}" r="60" fill="url(#${g})"/>`;
    }
  }
  return out;
}

function incenseBurner(ctx: SceneContext, x: number, base: number): string {
  const bronze = ctx.lit('#5d5a45');
  const bD = darken(bronze, 0.3);
  const bL = lighten(bronze, 0.2);
  let out = `<ellipse cx="${x}" cy="${base}" rx="110" ry="14" fill="${ctx.lit('#8d8676')}" opacity="0.5"/>`;
  out += `<rect x="${x - 90}" y="${base - 20}" width="180" height="20" fill="${ctx.lit('#a9a293')}"/>`;
  for (const dx of [-60, 0, 52]) out += `<path d="M${x + dx} ${base - 20} l4 -34 l12 0 l-2 34 Z" fill="${bD}"/>`;
  out += `<path d="M${x - 90} ${base - 120} L${x + 90} ${base - 120} Q${x + 96} ${base - 60} ${x + 60} ${base - 50} L${x - 60} ${base - 50} Q${x - 96} ${base - 60} ${x - 90} ${base - 120} Z" fill="${bronze}"/>`;
  out += `<path d="M${x + 30} ${base - 120} L${x + 90} ${base - 120} Q${x + 96} ${base - 60} ${x + 60} ${base - 50} L${x + 34} ${base - 50} Z" fill="${bD}" opacity="0.6"/>`;
  out += `<rect x="${x - 98}" y="${base - 128}" width="196" height="12" rx="5" fill="${bL}"/><rect x="${x - 60}" y="${base - 100}" width="120" height="8" fill="${bL}" opacity="0.5"/>`;
  for (const s of [-1, 1]) out += `<path d="M${x + s * 96} ${base - 118} q${s * 22} -4 ${s * 20} 22" stroke="${bronze}" stroke-width="8" fill="none"/>`;
  // Smoke curling up from the sticks.
  const smoke = ctx.light.time === 'night' ? '#b9c0dc' : '#f4f2ee';
  out += `<path d="M${x - 10} ${base - 130} C${x - 40} ${base - 180} ${x + 20} ${base - 210} ${x - 10} ${base - 270} C${x - 30} ${base - 310} ${x + 10} ${base - 330} ${x} ${base - 360}" stroke="${smoke}" stroke-width="10" fill="none" opacity="0.35" stroke-linecap="round"/>`;
  out += `<path d="M${x + 12} ${base - 130} C${x + 40} ${base - 170} ${x} ${base - 200} ${x + 24} ${base - 250}" stroke="${smoke}" stroke-width="6" fill="none" opacity="0.3" stroke-linecap="round"/>`;
  return out;
}

export const temple: Archetype = {
  id: 'temple',
  indoor: false,
  keywords: {
    en: ['temple', 'buddhist temple', 'pagoda', 'monastery', 'main hall', 'tera', 'zen temple'],
    ja: ['寺', 'お寺', '寺院', '本堂', '五重塔', '禅寺', '仏閣', '山門'],
  },
  draw(ctx) {
    const { rng } = ctx;
    const horizon = 440;
    let out = ctx.sky();
    const haze = ctx.lit('#b9c6cf');
    out += `<path d="M0 ${horizon - 120} Q 180 ${horizon - 190} 380 ${horizon - 130} T 820 ${horizon - 150} T 1280 ${horizon - 170} L1280 ${horizon} L0 ${horizon} Z" fill="${mix(ctx.lit('#7c9a8a'), haze, 0.4)}"/>`;
    out += pagoda(ctx, 150, horizon - 24, haze);
    // Tree line around the temple grounds.
    for (let x = -30; x < W + 40; x += rng.range(34, 56)) {
      const c = ctx.lit(rng.pick(['#3f6a4a', '#4a7752', '#375f43']));
      out += `<circle cx="${f(x)}" cy="${f(horizon - rng.range(20, 60))}" r="${f(rng.range(34, 52))}" fill="${c}"/>`;
    }
    out += `<rect x="0" y="${horizon - 30}" width="${W}" height="30" fill="${ctx.lit('#e9e1cf')}"/><rect x="0" y="${horizon - 36}" width="${W}" height="8" fill="${ctx.lit('#5b5550')}"/>`;
    // Raked gravel with combed lines.
    const g = ctx.uid('gravel');
    out += `<defs><linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#dcd8ce')}"/><stop offset="1" stop-color="${ctx.lit('#c3beb1')}"/></linearGradient></defs><rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#${g})"/>`;
    let rake = '';
    for (let i = 1; i < 26; i++) {
      const t = Math.pow(i / 26, 1.5);
      const y = horizon + (H - horizon) * t;
      rake += `M0 ${f(y)} Q${W / 2} ${f(y + 6 + 20 * t)} ${W} ${f(y)} `;
    }
    out += `<path d="${rake}" stroke="${ctx.lit('#f2efe8')}" stroke-width="2" fill="none" opacity="0.7"/><path d="${rake}" stroke="${ctx.lit('#aaa496')}" stroke-width="1.2" fill="none" opacity="0.6" transform="translate(0 3)"/>`;
    out += mainHall(ctx, 660, horizon + 6);
    // Stone path straight to the steps.
    out += `<path d="M560 ${horizon + 6} L760 ${horizon + 6} L940 ${H} L380 ${H} Z" fill="${ctx.lit('#b8b0a0')}"/>`;
    for (let i = 0; i < 8; i++) {
      const t0 = Math.pow(i / 8, 1.5);
      const t1 = Math.pow((i + 1) / 8, 1.5);
      const y0 = horizon + 10 + (H - horizon - 10) * t0;
      const y1 = horizon + 10 + (H - horizon - 10) * t1;
      const w0 = 90 + 170 * t0;
      const w1 = 90 + 170 * t1;
      out += `<path d="M${f(660 - w0)} ${f(y0 + 2)} L${f(660 + w0)} ${f(y0 + 2)} L${f(660 + w1)} ${f(y1 - 2)} L${f(660 - w1)} ${f(y1 - 2)} Z" fill="${ctx.lit(i % 2 ? '#d6cfc0' : '#cbc4b4')}"/>`;
    }
    out += incenseBurner(ctx, 1020, 600);
    // Foreground stone lantern, pine branch and a bamboo water basin.
    const stone = ctx.lit('#a9a395');
    out += `<rect x="180" y="700" width="120" height="20" fill="${darken(stone, 0.2)}"/><rect x="222" y="560" width="36" height="140" fill="${stone}"/><rect x="244" y="560" width="14" height="140" fill="${darken(stone, 0.2)}"/>`;
    out += `<rect x="190" y="500" width="100" height="60" fill="${stone}"/><rect x="206" y="512" width="30" height="36" fill="${ctx.lampsOn ? ctx.glow('#ffd27a') : darken(stone, 0.5)}"/><rect x="246" y="512" width="30" height="36" fill="${ctx.lampsOn ? ctx.glow('#ffd27a') : darken(stone, 0.5)}"/>`;
    out += `<path d="M160 500 L320 500 L290 460 Q240 440 190 460 Z" fill="${lighten(stone, 0.1)}"/><circle cx="240" cy="446" r="12" fill="${stone}"/>`;
    if (ctx.lampsOn) {
      const lg = ctx.uid('tl');
      out += `<defs><radialGradient id="${lg}"><stop offset="0" stop-color="#ffcf7a" stop-opacity="0.6"/><stop offset="1" stop-color="#ffcf7a" stop-opacity="0"/></radialGradient></defs><circle cx="240" cy="530" r="140" fill="url(#${lg})"/>`;
    }
    const pine = ctx.lit('#2f5b3c');
    out += `<path d="M1280 40 Q1150 60 1040 30" stroke="${ctx.lit('#5a4130')}" stroke-width="14" fill="none"/>`;
    for (const [px, py, r] of [[1060, 40, 60], [1160, 70, 70], [1250, 30, 80], [1120, 0, 60]] as const) {
      out += `<ellipse cx="${px}" cy="${py}" rx="${r}" ry="${r * 0.45}" fill="${pine}"/><ellipse cx="${px - 6}" cy="${py - 8}" rx="${r * 0.8}" ry="${r * 0.3}" fill="${lighten(pine, 0.12)}"/>`;
    }
    return out;
  },
};
