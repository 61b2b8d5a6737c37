import { darken, lighten } from '../color';
import { H, W, type SceneContext } from '../scene-kit';
import type { Archetype } from '../archetypes/types';

const f = (n: number) => n.toFixed(1);

function cedar(ctx: SceneContext, x: number, baseY: number, h: number, color: string): string {
  const w = h * 0.32;
  let out = `<rect x="${f(x - h * 0.02)}" y="${f(baseY - h * 0.3)}" width="${f(h * 0.04)}" height="${f(h * 0.3)}" fill="${ctx.lit('#4a3526')}"/>`;
  for (let i = 0; i < 4; i++) {
    const top = baseY - h + i * h * 0.2;
    const ww = w * (0.45 + i * 0.2);
    const c = i % 2 ? color : lighten(color, 0.06);
    out += `<path d="M${f(x)} ${f(top)} Q${f(x + ww * 0.4)} ${f(top + h * 0.2)} ${f(x + ww)} ${f(top + h * 0.32)} L${f(x - ww)} ${f(top + h * 0.32)} Q${f(x - ww * 0.4)} ${f(top + h * 0.2)} ${f(x)} ${f(top)} Z" fill="${c}"/>`;
  }
  return out;
}

function lantern(ctx: SceneContext, x: number, baseY: number, s: number): string {
  const stone = ctx.lit('#b7b2a6');
  const shade = darken(stone, 0.2);
  const hi = lighten(stone, 0.12);
  const r = (cx: number, y: number, w: number, h: number, c: string) =>
    `<rect x="${f(x + (cx - w / 2) * s)}" y="${f(baseY + y * s)}" width="${f(w * s)}" height="${f(h * s)}" fill="${c}"/>`;
  let out = `<ellipse cx="${f(x)}" cy="${f(baseY)}" rx="${f(46 * s)}" ry="${f(8 * s)}" fill="${ctx.lit('#7b7466')}" opacity="0.5"/>`;
  out += r(0, -16, 70, 16, shade) + r(0, -24, 56, 10, stone);
  out += r(0, -110, 22, 88, stone) + r(6, -110, 8, 88, shade);
  out += r(0, -124, 60, 14, hi) + r(0, -114, 60, 4, shade);
  const fire = ctx.lampsOn ? ctx.glow('#ffd27a') : ctx.lit('#4b4640');
  out += r(0, -166, 44, 42, stone) + r(-8, -158, 14, 26, fire) + r(11, -158, 10, 26, fire) + r(14, -166, 8, 42, shade);
  out += `<path d="M${f(x - 50 * s)} ${f(baseY - 164 * s)} L${f(x + 50 * s)} ${f(baseY - 164 * s)} L${f(x + 52 * s)} ${f(baseY - 172 * s)} Q${f(x + 22 * s)} ${f(baseY - 176 * s)} ${f(x + 12 * s)} ${f(baseY - 194 * s)} L${f(x - 12 * s)} ${f(baseY - 194 * s)} Q${f(x - 22 * s)} ${f(baseY - 176 * s)} ${f(x - 52 * s)} ${f(baseY - 172 * s)} Z" fill="${hi}"/><rect x="${f(x - 50 * s)}" y="${f(baseY - 166 * s)}" width="${f(100 * s)}" height="${f(4 * s)}" fill="${shade}"/>`;
  out += r(0, -204, 14, 16, stone) + `<circle cx="${f(x)}" cy="${f(baseY - 206 * s)}" r="${f(7 * s)}" fill="${hi}"/>`;
  if (ctx.lampsOn) {
    const id = ctx.uid('lg');
    out += `<defs><radialGradient id="${id}"><stop offset="0" stop-color="#ffcf7a" stop-opacity="0.7"/><stop offset="1" stop-color="#ffcf7a" stop-opacity="0"/></radialGradient></defs><circle cx="${f(x)}" cy="${f(baseY - 145 * s)}" r="${f(110 * s)}" fill="url(#${id})"/>`;
  }
  return out;
}

function rope(ctx: SceneContext, x1: number, x2: number, y: number, sag: number, thick: number): string {
  const straw = ctx.lit('#e3cf8f');
  const mid = (x1 + x2) / 2;
  let out = `<path d="M${f(x1)} ${f(y)} Q${f(mid)} ${f(y + sag * 2)} ${f(x2)} ${f(y)}" stroke="${darken(straw, 0.18)}" stroke-width="${f(thick)}" fill="none" stroke-linecap="round"/>`;
  out += `<path d="M${f(x1)} ${f(y - thick * 0.15)} Q${f(mid)} ${f(y + sag * 2 - thick * 0.15)} ${f(x2)} ${f(y - thick * 0.15)}" stroke="${straw}" stroke-width="${f(thick * 0.55)}" fill="none" stroke-dasharray="${f(thick * 0.6)} ${f(thick * 0.35)}"/>`;
  // Zig-zag shide papers hanging from the rope.
  const paper = ctx.lit('#fbfaf4');
  for (let i = 1; i < 4; i++) {
    const t = i / 4;
    const px = x1 + (x2 - x1) * t;
    const py = y + 4 * t * (1 - t) * sag * 1.0 + thick * 0.3;
    const u = thick * 0.45;
    out += `<path d="M${f(px - u)} ${f(py)} L${f(px + u)} ${f(py)} L${f(px + u)} ${f(py + u * 2)} L${f(px - u * 0.2)} ${f(py + u * 2)} L${f(px - u * 0.2)} ${f(py + u * 4)} L${f(px + u)} ${f(py + u * 4)} L${f(px + u)} ${f(py + u * 6)} L${f(px - u)} ${f(py + u * 6)} L${f(px - u)} ${f(py + u * 4.6)} L${f(px - u * 1.4)} ${f(py + u * 3)} Z" fill="${paper}"/>`;
  }
  return out;
}

function shrineHall(ctx: SceneContext, cx: number, base: number): string {
  const wood = ctx.lit('#b5452f');
  const woodD = darken(wood, 0.25);
  const roof = ctx.lit('#4c5a5e');
  const roofL = lighten(roof, 0.15);
  const stone = ctx.lit('#c9c2b2');
  let out = '';
  // Stone platform and steps.
  out += `<rect x="${cx - 200}" y="${base - 16}" width="400" height="22" fill="${darken(stone, 0.1)}"/><rect x="${cx - 200}" y="${base - 20}" width="400" height="6" fill="${lighten(stone, 0.1)}"/>`;
  for (let i = 0; i < 4; i++) out += `<rect x="${cx - 60 - i * 6}" y="${base - 16 + i * 6}" width="${120 + i * 12}" height="6" fill="${i % 2 ? stone : darken(stone, 0.06)}"/>`;
  // Veranda and walls.
  out += `<rect x="${cx - 180}" y="${base - 34}" width="360" height="14" fill="${ctx.lit('#7a5236')}"/>`;
  out += `<rect x="${cx - 160}" y="${base - 120}" width="320" height="86" fill="${ctx.lit('#efe6d0')}"/>`;
  out += `<rect x="${cx - 70}" y="${base - 110}" width="140" height="76" fill="${ctx.lit('#6b4a2f')}"/>`;
  for (let i = 0; i < 8; i++) out += `<rect x="${cx - 66 + i * 17.5}" y="${base - 110}" width="3" height="76" fill="${ctx.lit('#d9c7a0')}"/>`;
  if (ctx.lampsOn) out += `<rect x="${cx - 70}" y="${base - 110}" width="140" height="76" fill="${ctx.glow('#ffb760')}" opacity="0.55"/>`;
  for (const px of [-160, -90, 70, 150]) out += `<rect x="${cx + px}" y="${base - 124}" width="10" height="92" fill="${wood}"/><rect x="${cx + px + 7}" y="${base - 124}" width="3" height="92" fill="${woodD}"/>`;
  out += `<rect x="${cx - 170}" y="${base - 128}" width="340" height="10" fill="${wood}"/>`;
  // Curved roof with flared eaves.
  const e = base - 122;
  out += `<path d="M${cx - 120} ${e - 92} L${cx + 120} ${e - 92} Q${cx + 150} ${e - 30} ${cx + 232} ${e - 16} Q${cx + 120} ${e + 4} ${cx} ${e + 4} Q${cx - 120} ${e + 4} ${cx - 232} ${e - 16} Q${cx - 150} ${e - 30} ${cx - 120} ${e - 92} Z" fill="${roof}"/>`;
  out += `<path d="M${cx - 232} ${e - 16} Q${cx - 120} ${e + 4} ${cx} ${e + 4} Q${cx + 120} ${e + 4} ${cx + 232} ${e - 16} L${cx + 228} ${e - 8} Q${cx + 120} ${e + 12} ${cx} ${e + 12} Q${cx - 120} ${e + 12} ${cx - 228} ${e - 8} Z" fill="${ctx.lit('#e7dcc0')}"/>`;
  for (let i = -5; i <= 5; i++) out += `<path d="M${cx + i * 20} ${e - 90} Q${cx + i * 30} ${e - 30} ${cx + i * 42} ${e + 2}" stroke="${roofL}" stroke-width="2" fill="none" opacity="0.6"/>`;
  // Front gable (karahafu) and ridge with crossed chigi.
  out += `<path d="M${cx - 80} ${e - 4} Q${cx - 40} ${e - 10} ${cx} ${e - 56} Q${cx + 40} ${e - 10} ${cx + 80} ${e - 4} Z" fill="${ctx.lit('#5c6a6d')}" stroke="${ctx.lit('#e7dcc0')}" stroke-width="5"/>`;
  out += `<circle cx="${cx}" cy="${e - 24}" r="9" fill="${ctx.lit('#d6b24a')}"/>`;
  out += `<rect x="${cx - 128}" y="${e - 102}" width="256" height="12" rx="4" fill="${darken(roof, 0.25)}"/>`;
  for (const sx of [-1, 1]) out += `<path d="M${cx + sx * 122} ${e - 94} L${cx + sx * 144} ${e - 130} L${cx + sx * 134} ${e - 132} L${cx + sx * 112} ${e - 96} Z" fill="${darken(roof, 0.2)}"/>`;
  for (let i = 0; i < 5; i++) out += `<rect x="${cx - 100 + i * 46}" y="${e - 112}" width="18" height="10" rx="4" fill="${ctx.lit('#d6b24a')}"/>`;
  // Shimenawa across the front and a hanging bell rope.
  out += rope(ctx, cx - 100, cx + 100, base - 116, 10, 14);
  // Paper lanterns at the eaves.
  for (const sx of [-1, 1]) {
    const lx = cx + sx * 125;
    out += `<line x1="${lx}" y1="${base - 124}" x2="${lx}" y2="${base - 112}" stroke="${woodD}" stroke-width="2"/>`;
    out += `<ellipse cx="${lx}" cy="${base - 96}" rx="12" ry="17" fill="${ctx.lampsOn ? ctx.glow('#ffe3b0') : ctx.lit('#f4ead6')}"/><rect x="${lx - 8}" y="${base - 114}" width="16" height="4" fill="${ctx.lit('#3a2a22')}"/><rect x="${lx - 8}" y="${base - 81}" width="16" height="4" fill="${ctx.lit('#3a2a22')}"/>`;
    if (ctx.lampsOn) {
      const g = ctx.uid('pl');
      out += `<defs><radialGradient id="${g}"><stop offset="0" stop-color="#ffcf7a" stop-opacity="0.6"/><stop offset="1" stop-color="#ffcf7a" stop-opacity="0"/></radialGradient></defs><circle cx="${lx}" cy="${base - 96}" r="50" fill="url(#${g})"/>`;
    }
  }
  return out;
}

function torii(ctx: SceneContext): string {
  const red = ctx.lit('#d8432b');
  const redD = darken(red, 0.22);
  const redL = lighten(red, 0.12);
  const black = ctx.lit('#2b2624');
  let out = '';
  for (const px of [300, 980]) {
    out += `<path d="M${px - 26} 60 L${px + 26} 60 L${px + 32} 700 L${px - 32} 700 Z" fill="${red}"/>`;
    out += `<path d="M${px + 8} 60 L${px + 26} 60 L${px + 32} 700 L${px + 12} 700 Z" fill="${redD}"/>`;
    out += `<path d="M${px - 20} 60 L${px - 12} 60 L${px - 12} 700 L${px - 24} 700 Z" fill="${redL}" opacity="0.6"/>`;
    out += `<rect x="${px - 40}" y="660" width="80" height="60" fill="${black}"/><rect x="${px - 40}" y="660" width="80" height="8" fill="${lighten(black, 0.15)}"/>`;
  }
  // Nuki (tie beam), gakuzuka strut with plaque, shimaki and kasagi (top lintel).
  out += `<rect x="230" y="168" width="820" height="34" fill="${red}"/><rect x="230" y="194" width="820" height="8" fill="${redD}"/>`;
  out += `<rect x="624" y="90" width="32" height="80" fill="${red}"/>`;
  out += `<rect x="600" y="96" width="80" height="62" rx="3" fill="${black}"/><rect x="608" y="104" width="64" height="46" fill="${ctx.lit('#3d3431')}" stroke="${ctx.lit('#c9a54a')}" stroke-width="3"/>`;
  out += `<path d="M220 64 L1060 64 L1066 90 L214 90 Z" fill="${red}"/><rect x="214" y="84" width="852" height="6" fill="${redD}"/>`;
  out += `<path d="M150 20 Q 640 52 1130 20 L1120 46 Q 640 74 160 46 Z" fill="${black}"/>`;
  out += `<path d="M160 46 Q 640 74 1120 46 L1118 58 Q 640 84 162 58 Z" fill="${redD}"/>`;
  return out;
}

export const shrine: Archetype = {
  id: 'shrine',
  indoor: false,
  keywords: {
    en: ['shrine', 'shinto shrine', 'torii', 'jinja', 'shrine grounds', 'sando', 'shrine gate'],
    ja: ['神社', '鳥居', '境内', 'お宮', '参道', '稲荷', '社', '宮'],
  },
  draw(ctx) {
    const { rng } = ctx;
    const horizon = 420;
    let out = ctx.sky();
    out += `<path d="M0 ${horizon - 40} Q 200 ${horizon - 110} 420 ${horizon - 60} T 860 ${horizon - 70} T 1280 ${horizon - 90} L1280 ${horizon} L0 ${horizon} Z" fill="${ctx.lit('#8fa8a0')}"/>`;
    // Cedar grove behind the shrine.
    const far = ctx.lit('#2f5a45');
    for (let x = -20; x < W + 40; x += rng.range(50, 80)) {
      out += cedar(ctx, x, horizon + 6, rng.range(200, 300), x > 420 && x < 860 ? darken(far, 0.08) : far);
    }
    const ground = ctx.uid('ground');
    out += `<defs><linearGradient id="${ground}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#cfc6b1')}"/><stop offset="1" stop-color="${ctx.lit('#b3a88f')}"/></linearGradient></defs>`;
    out += `<rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#${ground})"/>`;
    for (let i = 0; i < 220; i++) {
      const y = rng.range(horizon + 4, H);
      out += `<circle cx="${f(rng.range(0, W))}" cy="${f(y)}" r="${f(0.6 + ((y - horizon) / 300) * 1.8)}" fill="${ctx.lit(rng.pick(['#9e9380', '#e4dccb']))}"/>`;
    }
    out += shrineHall(ctx, 640, horizon + 2);
    // Stone path of slabs narrowing toward the hall.
    const vy = horizon + 2;
    const rows = 9;
    for (let i = 0; i < rows; i++) {
      const t0 = Math.pow(i / rows, 1.6);
      const t1 = Math.pow((i + 1) / rows, 1.6);
      const y0 = vy + (H - vy) * t0;
      const y1 = vy + (H - vy) * t1;
      const w0 = 60 + 320 * t0;
      const w1 = 60 + 320 * t1;
      const c = ctx.lit(i % 2 ? '#d8d2c4' : '#cdc6b6');
      out += `<path d="M${f(640 - w0)} ${f(y0)} L${f(640 + w0)} ${f(y0)} L${f(640 + w1)} ${f(y1)} L${f(640 - w1)} ${f(y1)} Z" fill="${c}"/>`;
      out += `<path d="M${f(640 - w0)} ${f(y0)} L${f(640 + w0)} ${f(y0)}" stroke="${ctx.lit('#8f8677')}" stroke-width="${f(1 + t0 * 2)}"/>`;
      out += `<line x1="${f(640 + (i % 2 ? -0.3 : 0.25) * w0)}" y1="${f(y0)}" x2="${f(640 + (i % 2 ? -0.3 : 0.25) * w1)}" y2="${f(y1)}" stroke="${ctx.lit('#8f8677')}" stroke-width="${f(1 + t0 * 2)}"/>`;
    }
    out += `<path d="M${640 - 60} ${vy} L${640 - 380} ${H} M${640 + 60} ${vy} L${640 + 380} ${H}" stroke="${ctx.lit('#9b917f')}" stroke-width="4"/>`;
    // Pairs of stone lanterns receding along the path.
    for (const [t, s] of [[0.18, 0.34], [0.42, 0.52]] as const) {
      const y = vy + (H - vy) * t;
      const off = 60 + 320 * t + 70 * s + 20;
      out += lantern(ctx, 640 - off, y, s) + lantern(ctx, 640 + off, y, s);
    }
    // Sacred tree with a shimenawa on the left, cedars on the right.
    const bark = ctx.lit('#5b4331');
    out += `<path d="M20 720 L40 380 Q60 300 40 200 L150 200 Q130 300 150 380 L175 720 Z" fill="${bark}"/><path d="M110 720 L120 380 Q130 300 120 200 L150 200 Q130 300 150 380 L175 720 Z" fill="${darken(bark, 0.25)}"/>`;
    for (let i = 0; i < 9; i++) out += `<circle cx="${f(rng.range(-40, 240))}" cy="${f(rng.range(-20, 200))}" r="${f(rng.range(70, 110))}" fill="${ctx.lit(rng.pick(['#3f6e44', '#4a7d4c', '#35603c']))}"/>`;
    out += rope(ctx, 36, 160, 470, 14, 18);
    out += cedar(ctx, 1210, 600, 520, ctx.lit('#2c5440'));
    out += torii(ctx);
    out += lantern(ctx, 190, 712, 1.05) + lantern(ctx, 1100, 712, 1.05);
    if (ctx.weather === 'snow') {
      out += `<path d="M150 20 Q 640 52 1130 20 L1130 16 Q 640 44 150 14 Z" fill="#ffffff"/>`;
    }
    return out;
  },
};
