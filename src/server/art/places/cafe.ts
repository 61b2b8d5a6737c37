import { darken, lighten, mix } from '../color';
import { W, type SceneContext } from '../scene-kit';
import type { Archetype } from '../archetypes/types';

const f = (n: number) => n.toFixed(1);
// One-point perspective: back wall x 330–950, y 110–450, vanishing point (640, 300).
const VX = 640;
const VY = 300;
/** A point on the back wall pushed toward the viewer by scale s. */
const at = (x: number, y: number, s: number): [number, number] => [VX + (x - VX) * s, VY + (y - VY) * s];
/** Left wall: x from 0 (front) to 330 (back), frac 0 = ceiling line, 1 = floor line. */
const leftWall = (x: number, frac: number): [number, number] => {
  const top = (110 * x) / 330;
  const bottom = 720 - (270 * x) / 330;
  return [x, top + frac * (bottom - top)];
};
const poly = (pts: [number, number][], fill: string, extra = '') =>
  `<polygon points="${pts.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" fill="${fill}" ${extra}/>`;
const mirror = (pts: [number, number][]): [number, number][] => pts.map(([x, y]) => [W - x, y]);

function glowPool(ctx: SceneContext, x: number, y: number, r: number, color: string, opacity: number): string {
  const id = ctx.uid('glow');
  return `<defs><radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient></defs><circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#${id})"/>`;
}

function pendant(ctx: SceneContext, x: number, top: number, y: number, size: number, color = '#2e3a36'): string {
  const metal = ctx.lit(color);
  let out = `<line x1="${f(x)}" y1="${f(top)}" x2="${f(x)}" y2="${f(y)}" stroke="${ctx.lit('#3a302a')}" stroke-width="${f(size * 0.05 + 1)}"/>`;
  out += `<path d="M${f(x - size * 0.12)} ${f(y)} L${f(x + size * 0.12)} ${f(y)} L${f(x + size * 0.5)} ${f(y + size * 0.45)} L${f(x - size * 0.5)} ${f(y + size * 0.45)} Z" fill="${metal}"/>`;
  out += `<path d="M${f(x - size * 0.12)} ${f(y)} L${f(x)} ${f(y)} L${f(x - size * 0.1)} ${f(y + size * 0.45)} L${f(x - size * 0.5)} ${f(y + size * 0.45)} Z" fill="${lighten(metal, 0.12)}"/>`;
  const bulb = ctx.lampsOn ? ctx.glow('#fff1c2') : ctx.lit('#f3e6c8');
  out += `<ellipse cx="${f(x)}" cy="${f(y + size * 0.46)}" rx="${f(size * 0.22)}" ry="${f(size * 0.1)}" fill="${bulb}"/>`;
  if (ctx.lampsOn) out += glowPool(ctx, x, y + size * 0.5, size * 2.6, '#ffd58a', 0.75);
  return out;
}

function roundTable(ctx: SceneContext, x: number, floorY: number, s: number): string {
  const wood = ctx.lit('#8a5a36');
  const iron = ctx.lit('#2b2b2e');
  const topY = floorY - 80 * s;
  let out = `<ellipse cx="${f(x)}" cy="${f(floorY)}" rx="${f(34 * s)}" ry="${f(8 * s)}" fill="${iron}"/>`;
  out += `<rect x="${f(x - 4 * s)}" y="${f(topY)}" width="${f(8 * s)}" height="${f(80 * s)}" fill="${iron}"/>`;
  out += `<ellipse cx="${f(x)}" cy="${f(topY + 5 * s)}" rx="${f(62 * s)}" ry="${f(15 * s)}" fill="${darken(wood, 0.25)}"/>`;
  out += `<ellipse cx="${f(x)}" cy="${f(topY)}" rx="${f(62 * s)}" ry="${f(15 * s)}" fill="${wood}"/>`;
  out += `<ellipse cx="${f(x - 12 * s)}" cy="${f(topY - 3 * s)}" rx="${f(34 * s)}" ry="${f(6 * s)}" fill="${lighten(wood, 0.12)}"/>`;
  // A cup and saucer.
  const cx = x + ctx.rng.range(-25, 25) * s;
  out += `<ellipse cx="${f(cx)}" cy="${f(topY)}" rx="${f(12 * s)}" ry="${f(3.5 * s)}" fill="${ctx.lit('#f4f1ea')}"/>`;
  out += `<rect x="${f(cx - 6 * s)}" y="${f(topY - 12 * s)}" width="${f(12 * s)}" height="${f(11 * s)}" rx="${f(2 * s)}" fill="${ctx.lit('#ffffff')}"/>`;
  return out;
}

function chair(ctx: SceneContext, x: number, floorY: number, s: number, facing: number): string {
  const wood = ctx.lit('#6b4429');
  const seatY = floorY - 48 * s;
  let out = '';
  for (const dx of [-16, 16]) out += `<rect x="${f(x + dx * s - 2 * s)}" y="${f(seatY)}" width="${f(4 * s)}" height="${f(48 * s)}" fill="${darken(wood, 0.2)}"/>`;
  const bx = x - facing * 20 * s;
  out += `<rect x="${f(bx - 3 * s)}" y="${f(seatY - 52 * s)}" width="${f(6 * s)}" height="${f(56 * s)}" fill="${wood}"/>`;
  out += `<path d="M${f(bx)} ${f(seatY - 50 * s)} Q ${f(x)} ${f(seatY - 62 * s)} ${f(x + facing * 14 * s)} ${f(seatY - 48 * s)}" stroke="${wood}" stroke-width="${f(6 * s)}" fill="none"/>`;
  out += `<ellipse cx="${f(x)}" cy="${f(seatY)}" rx="${f(24 * s)}" ry="${f(7 * s)}" fill="${lighten(wood, 0.15)}"/>`;
  return out;
}

function plant(ctx: SceneContext, x: number, floorY: number, s: number): string {
  const pot = ctx.lit('#c9714a');
  let out = '';
  const leaf = ctx.lit(ctx.rng.pick(['#4e8c4a', '#5a9a50', '#3f7d45']));
  for (let i = 0; i < 11; i++) {
    const a = -90 + ctx.rng.range(-70, 70);
    const len = ctx.rng.range(40, 80) * s;
    const lx = x + Math.cos((a * Math.PI) / 180) * len * 0.6;
    const ly = floorY - 50 * s + Math.sin((a * Math.PI) / 180) * len * 0.8;
    out += `<ellipse cx="${f(lx)}" cy="${f(ly)}" rx="${f(9 * s)}" ry="${f(len * 0.42)}" transform="rotate(${f(a + 90)} ${f(lx)} ${f(ly)})" fill="${i % 2 ? leaf : lighten(leaf, 0.12)}"/>`;
  }
  out += `<path d="M${f(x - 24 * s)} ${f(floorY - 50 * s)} L${f(x + 24 * s)} ${f(floorY - 50 * s)} L${f(x + 18 * s)} ${f(floorY)} L${f(x - 18 * s)} ${f(floorY)} Z" fill="${pot}"/>`;
  out += `<rect x="${f(x - 26 * s)}" y="${f(floorY - 54 * s)}" width="${f(52 * s)}" height="${f(9 * s)}" fill="${darken(pot, 0.12)}"/>`;
  return out;
}

export const cafe: Archetype = {
  id: 'cafe',
  indoor: true,
  keywords: {
    en: ['cafe', 'café', 'coffee shop', 'coffeehouse', 'coffee house', 'tearoom', 'tea room', 'maid cafe', 'kissaten'],
    ja: ['カフェ', '喫茶店', '喫茶', 'コーヒーショップ', '珈琲店', 'メイド喫茶'],
  },
  draw(ctx) {
    const { rng } = ctx;
    const cream = ctx.lit('#efe0c4');
    const woodWall = ctx.lit('#7a4f31');
    let out = '';
    // Ceiling with beams.
    out += poly([[0, 0], [W, 0], [950, 110], [330, 110]], ctx.lit('#e6d6b8'));
    for (const s of [1.18, 1.4]) {
      const [x0, y0] = at(330, 110, s);
      const [x1] = at(950, 110, s);
      out += `<rect x="${f(x0)}" y="${f(y0 - 6 * s)}" width="${f(x1 - x0)}" height="${f(12 * s)}" fill="${ctx.lit('#8b5e3c')}"/>`;
    }
    // Floor: wooden planks converging to the vanishing point.
    for (let i = 0, xb = 330; xb < 950; i++, xb += 31) {
      const x2 = Math.min(xb + 31, 950);
      const tone = ctx.lit(['#a8754b', '#9c6b43', '#b07d52'][i % 3]!);
      out += poly([[xb, 450], [x2, 450], [VX + (x2 - VX) * 2.8, 720], [VX + (xb - VX) * 2.8, 720]], tone);
    }
    const shade = ctx.uid('floorShade');
    out += `<defs><linearGradient id="${shade}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a160a" stop-opacity="0.35"/><stop offset="1" stop-color="#2a160a" stop-opacity="0"/></linearGradient></defs>`;
    out += poly([[330, 450], [950, 450], [1280, 720], [0, 720]], `url(#${shade})`);
    // Back wall: cream above, wood wainscot below.
    out += `<rect x="330" y="110" width="620" height="340" fill="${cream}"/><rect x="330" y="360" width="620" height="90" fill="${woodWall}"/><rect x="330" y="356" width="620" height="6" fill="${lighten(woodWall, 0.2)}"/>`;
    // Side walls with the same wainscot.
    const left: [number, number][] = [[0, 0], [330, 110], [330, 450], [0, 720]];
    const leftWain: [number, number][] = [leftWall(0, 0.735), leftWall(330, 0.735), [330, 450], [0, 720]];
    out += poly(left, darken(cream, 0.06)) + poly(leftWain, darken(woodWall, 0.08));
    out += poly(mirror(left), darken(cream, 0.12)) + poly(mirror(leftWain), darken(woodWall, 0.16));
    // The big window on the left wall, clipped to its perspective shape.
    const win: [number, number][] = [leftWall(30, 0.1), leftWall(300, 0.1), leftWall(300, 0.7), leftWall(30, 0.7)];
    const clip = ctx.uid('cafeWindow');
    out += `<defs><clipPath id="${clip}"><polygon points="${win.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}"/></clipPath></defs>`;
    out += `<g clip-path="url(#${clip})">${ctx.windowView(30, win[0]![1], 270, win[3]![1] - win[0]![1])}</g>`;
    const frame = ctx.lit('#5a3a24');
    out += poly(win, 'none', `stroke="${frame}" stroke-width="10"`);
    for (const x of [120, 205]) {
      const [a, b] = [leftWall(x, 0.1), leftWall(x, 0.7)];
      out += `<line x1="${f(a[0])}" y1="${f(a[1])}" x2="${f(b[0])}" y2="${f(b[1])}" stroke="${frame}" stroke-width="${f(7 - x / 60)}"/>`;
    }
    const [t0, t1] = [leftWall(30, 0.25), leftWall(300, 0.25)];
    out += `<line x1="${f(t0[0])}" y1="${f(t0[1])}" x2="${f(t1[0])}" y2="${f(t1[1])}" stroke="${frame}" stroke-width="5"/>`;
    out += poly([leftWall(20, 0.7), leftWall(310, 0.7), leftWall(310, 0.73), leftWall(20, 0.73)], lighten(frame, 0.15));
    // A framed picture on the right wall.
    const pic: [number, number][] = mirror([leftWall(200, 0.2), leftWall(290, 0.2), leftWall(290, 0.5), leftWall(200, 0.5)]);
    out += poly(pic, ctx.lit('#3d2a1c'));
    out += poly(mirror([leftWall(208, 0.24), leftWall(282, 0.24), leftWall(282, 0.46), leftWall(208, 0.46)]), ctx.lit('#c9d8b0'));
    out += poly(mirror([leftWall(208, 0.46), leftWall(282, 0.46), leftWall(282, 0.36), leftWall(245, 0.3), leftWall(208, 0.38)]), ctx.lit('#7fa27a'));
    // Back wall left: framed pictures and a shelf of jars.
    for (const [x, y, w, h] of [[350, 160, 60, 78], [425, 180, 44, 56]] as const) {
      out += `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${ctx.lit('#3d2a1c')}"/><rect x="${x + 5}" y="${y + 5}" width="${w - 10}" height="${h - 10}" fill="${ctx.lit(rng.pick(['#9cc3a6', '#e2b27a', '#a9bfdc']))}"/>`;
      out += `<circle cx="${x + w / 2}" cy="${y + h / 2 + 4}" r="${w / 5}" fill="${ctx.lit('#f2e3c2')}" opacity="0.7"/>`;
    }
    // Menu board (blank dark panel) and shelf behind the counter.
    out += `<rect x="575" y="140" width="320" height="118" rx="4" fill="${ctx.lit('#5b3c26')}"/><rect x="583" y="148" width="304" height="102" fill="${ctx.lit('#2d3430')}"/><rect x="583" y="148" width="304" height="18" fill="${ctx.lit('#3a423d')}"/>`;
    out += `<rect x="560" y="292" width="360" height="8" fill="${ctx.lit('#6b4429')}"/>`;
    for (let x = 570; x < 905; x += rng.range(16, 26)) {
      const h = rng.range(16, 30);
      out += `<rect x="${f(x)}" y="${f(292 - h)}" width="12" height="${f(h)}" rx="2" fill="${ctx.lit(rng.pick(['#c78c4f', '#e8dcc0', '#8f5a3a', '#d9b26a', '#6e8f6a']))}"/>`;
    }
    // Counter along the back wall.
    const [cx0, cy0] = at(490, 345, 1.12);
    const [cx1, cy1] = at(945, 450, 1.12);
    out += `<rect x="${f(cx0)}" y="${f(cy0)}" width="${f(cx1 - cx0)}" height="${f(cy1 - cy0)}" fill="${ctx.lit('#6e4529')}"/>`;
    for (let x = cx0 + 14; x < cx1 - 30; x += 62) out += `<rect x="${f(x)}" y="${f(cy0 + 22)}" width="50" height="${f(cy1 - cy0 - 36)}" rx="3" fill="${ctx.lit('#7d5232')}"/>`;
    out += `<rect x="${f(cx0 - 6)}" y="${f(cy0 - 8)}" width="${f(cx1 - cx0 + 12)}" height="12" rx="2" fill="${ctx.lit('#c9a77c')}"/>`;
    // Espresso machine, grinder, cake case.
    const chrome = ctx.lit('#c5ccd2');
    out += `<rect x="790" y="276" width="122" height="66" rx="8" fill="${chrome}"/><rect x="790" y="276" width="122" height="14" rx="6" fill="${lighten(chrome, 0.25)}"/><rect x="800" y="296" width="102" height="12" fill="${ctx.lit('#b03a2e')}"/>`;
    for (const x of [818, 872]) out += `<rect x="${x - 8}" y="312" width="16" height="12" fill="${darken(chrome, 0.35)}"/><rect x="${x - 7}" y="330" width="14" height="10" rx="2" fill="${ctx.lit('#ffffff')}"/>`;
    for (let i = 0; i < 4; i++) out += `<rect x="${800 + i * 26}" y="266" width="18" height="10" rx="2" fill="${ctx.lit('#f6f3ec')}"/>`;
    out += `<rect x="748" y="284" width="28" height="56" rx="4" fill="${ctx.lit('#33302d')}"/><path d="M750 284 L774 284 L768 262 L756 262 Z" fill="${ctx.lit('#8a6a4a')}" opacity="0.9"/>`;
    out += `<path d="M560 340 L560 300 Q600 280 640 300 L640 340 Z" fill="${ctx.lit('#d8eef2')}" opacity="0.6"/><ellipse cx="582" cy="332" rx="14" ry="7" fill="${ctx.lit('#f0c9a0')}"/><ellipse cx="616" cy="332" rx="14" ry="7" fill="${ctx.lit('#e79aa8')}"/>`;
    // Pendant lights over the counter and in the foreground.
    for (const x of [600, 720, 840]) out += pendant(ctx, x, at(x, 110, 1.12)[1], 222, 44, '#b8793f');
    // Mid-distance tables and the foreground seating.
    out += chair(ctx, 920, 520, 1.1, -1) + roundTable(ctx, 975, 525, 1.1) + plant(ctx, 950, 342, 0.5);
    out += chair(ctx, 415, 515, 1.1, 1) + roundTable(ctx, 345, 522, 1.1);
    out += pendant(ctx, 1080, 0, 120, 70) + pendant(ctx, 200, 0, 110, 70);
    out += chair(ctx, 70, 690, 1.7, 1) + roundTable(ctx, 200, 690, 1.7) + chair(ctx, 330, 700, 1.7, -1);
    out += roundTable(ctx, 1090, 700, 1.75) + chair(ctx, 1230, 700, 1.7, -1);
    out += plant(ctx, 1200, 470, 1.6);
    // Soft daylight from the window onto the floor, or a warm wash at night.
    out += ctx.lampsOn
      ? glowPool(ctx, 640, 420, 520, '#ffc979', 0.18)
      : poly([[330, 450], [600, 470], [420, 720], [0, 720]], mix('#fff6dc', '#ffffff', 0.5), 'opacity="0.12"');
    return out;
  },
};
