import { darken, lighten } from '../color';
import { H, W, type SceneContext } from '../scene-kit';
import type { Archetype } from '../archetypes/types';

const f = (n: number) => n.toFixed(1);
// One-point perspective: back wall x 300–980, y 130–430, vanishing point (640, 270).
const VX = 640;
const VY = 270;
type P = [number, number];
const at = (x: number, y: number, s: number): P => [VX + (x - VX) * s, VY + (y - VY) * s];
const poly = (pts: P[], fill: string, extra = '') =>
  `<polygon points="${pts.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" fill="${fill}" ${extra}/>`;
/** A quad facing sideways at x (back-wall coords), from depth s0 to s1 and height y0 to y1. */
const side = (x: number, s0: number, s1: number, y0: number, y1: number): P[] => [at(x, y0, s0), at(x, y0, s1), at(x, y1, s1), at(x, y1, s0)];
/** A quad facing the viewer at depth s. */
const front = (x0: number, x1: number, y0: number, y1: number, s: number): P[] => [at(x0, y0, s), at(x1, y0, s), at(x1, y1, s), at(x0, y1, s)];
/** A horizontal quad at height y. */
const flat = (x0: number, x1: number, y: number, s0: number, s1: number): P[] => [at(x0, y, s0), at(x1, y, s0), at(x1, y, s1), at(x0, y, s1)];

const GOODS = ['#e94f4f', '#f2b134', '#3fa34d', '#2f7fc1', '#f28fb0', '#ffffff', '#8e5ac8', '#f57f3a', '#49c2c9', '#ffd84a'];

function glow(ctx: SceneContext, x: number, y: number, rx: number, ry: number, color: string, opacity: number): string {
  const id = ctx.uid('glow');
  return `<defs><radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient></defs><ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#${id})"/>`;
}

/** A shelf unit (gondola) from x0 to x1, depth s0–s1, stocked on the face at xFace. */
function gondola(ctx: SceneContext, x0: number, x1: number, s0: number, s1: number, xFace: number): string {
  const steel = ctx.lit('#e4e8ec');
  const top = 300;
  let out = poly(side(xFace, s0, s1, top, 430), darken(steel, 0.08));
  for (let r = 0; r < 4; r++) {
    const shelfY = 330 + r * 26;
    let s = s0 + 0.01;
    while (s < s1 - 0.03) {
      const d = ctx.rng.range(0.025, 0.05);
      const h = ctx.rng.range(12, 22);
      out += poly(side(xFace, s, Math.min(s + d, s1 - 0.01), shelfY - h, shelfY), ctx.lit(ctx.rng.pick(GOODS)));
      s += d + 0.006;
    }
    out += poly(side(xFace, s0, s1, shelfY, shelfY + 4), ctx.lit('#b7c0c8'));
  }
  out += poly(side(xFace, s0, s1, 418, 430), ctx.lit('#9aa4ad'));
  // End cap facing the viewer, with a display of boxes.
  out += poly(front(x0, x1, top, 430, s1), steel) + poly(front(x0, x1, top, 310, s1), ctx.lit('#e2473c'));
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const w = (x1 - x0 - 12) / 3;
      const bx = x0 + 6 + c * w;
      const by = 318 + r * 34;
      out += poly(front(bx + 1, bx + w - 1, by + 8, by + 30, s1), ctx.lit(ctx.rng.pick(GOODS)));
    }
  }
  out += poly(flat(x0, x1, top, s0, s1), lighten(steel, 0.3));
  return out;
}

export const shop: Archetype = {
  id: 'shop',
  indoor: true,
  keywords: {
    en: ['shop', 'store', 'convenience store', 'konbini', 'supermarket', 'grocery', 'grocery store', 'corner shop', 'boutique', 'drugstore'],
    ja: ['コンビニ', '店', 'お店', '売店', 'スーパー', '商店', 'ストア', '店内', '雑貨屋'],
  },
  draw(ctx) {
    const { rng } = ctx;
    const bright = ctx.lampsOn ? ctx.glow('#fbfdff') : ctx.lit('#f7fafc');
    let out = `<rect width="${W}" height="${VY}" fill="${ctx.lit('#eef1f3')}"/>`;
    // Ceiling tiles and long light panels running back to the fridge wall.
    for (let s = 1.1; s < 2.6; s *= 1.18) out += poly(flat(300, 980, 130, s, s + 0.01), ctx.lit('#d6dbe0'));
    for (const x of [450, 640, 830]) {
      for (let s = 1.05; s < 2.4; s += 0.32) out += poly(flat(x - 18, x + 18, 131, s, s + 0.22), ctx.lampsOn ? ctx.glow('#ffffff') : '#fbfdff');
    }
    // Floor: pale tiles with a grid.
    out += poly([at(300, 430, 1), at(980, 430, 1), at(980, 430, 3.4), at(300, 430, 3.4)], ctx.lit('#e4e1da'));
    for (let x = 300; x <= 980; x += 56) {
      const [a, b] = [at(x, 430, 1), at(x, 430, 3.4)];
      out += `<line x1="${f(a[0])}" y1="${f(a[1])}" x2="${f(b[0])}" y2="${f(b[1])}" stroke="${ctx.lit('#c9c6bf')}" stroke-width="1.5"/>`;
    }
    for (let s = 1.08; s < 3.4; s *= 1.14) out += poly(flat(300, 980, 430, s, s + 0.006 * s), ctx.lit('#c9c6bf'));
    out += glow(ctx, 640, 560, 260, 90, '#ffffff', 0.35);
    // Back wall with glass-door fridge cases.
    out += `<rect x="300" y="130" width="680" height="300" fill="${ctx.lit('#e9ecef')}"/><rect x="300" y="150" width="680" height="30" fill="${ctx.lit('#2f7fc1')}"/><rect x="300" y="178" width="680" height="6" fill="${ctx.lit('#3fa34d')}"/>`;
    const inside = ctx.lampsOn ? ctx.glow('#f4fbff') : ctx.lit('#eaf4fb');
    for (let d = 0; d < 6; d++) {
      const x = 318 + d * 108;
      out += `<rect x="${x}" y="196" width="104" height="226" fill="${ctx.lit('#9aa4ad')}"/><rect x="${x + 5}" y="201" width="94" height="216" fill="${inside}"/>`;
      for (let r = 0; r < 5; r++) {
        const y = 240 + r * 40;
        for (let bx = x + 9; bx < x + 92; bx += 12) {
          const c = ctx.lit(rng.pick(GOODS));
          out += `<rect x="${bx}" y="${y - 30}" width="9" height="30" rx="2" fill="${c}"/><rect x="${bx + 2}" y="${y - 34}" width="5" height="5" fill="${darken(c, 0.2)}"/>`;
        }
        out += `<rect x="${x + 5}" y="${y}" width="94" height="3" fill="${ctx.lit('#b9c3cb')}"/>`;
      }
      out += `<rect x="${x + 86}" y="280" width="4" height="60" rx="2" fill="${ctx.lit('#5f6a73')}"/><path d="M${x + 12} 206 L${x + 40} 206 L${x + 14} 290 Z" fill="#ffffff" opacity="0.25"/>`;
    }
    // Left wall: the glass shop front, showing the street.
    out += poly([at(300, 130, 1), at(300, 130, 3), at(300, 430, 3), at(300, 430, 1)], ctx.lit('#dfe3e7'));
    const glass = side(300, 1.02, 2.6, 160, 380);
    const clip = ctx.uid('front');
    out += `<defs><clipPath id="${clip}"><polygon points="${glass.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}"/></clipPath></defs>`;
    const gx = glass[1]![0];
    out += `<g clip-path="url(#${clip})">${ctx.windowView(gx, glass[1]![1], glass[0]![0] - gx, glass[2]![1] - glass[1]![1])}<polygon points="${glass.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" fill="#ffffff" opacity="0.12"/></g>`;
    for (let s = 1.02; s <= 2.61; s += 0.53) out += poly(side(300, s - 0.02, s + 0.02, 150, 390), ctx.lit('#8e979f'));
    out += poly(side(300, 1, 2.6, 150, 160), ctx.lit('#8e979f')) + poly(side(300, 1, 2.6, 380, 392), ctx.lit('#8e979f'));
    // Magazine rack along the window.
    out += poly(side(330, 1.05, 2.4, 360, 430), ctx.lit('#c7ced4'));
    for (let s = 1.08; s < 2.35; s += 0.045) out += poly(side(330, s, s + 0.035, 364 + (s * 10) % 8, 396), ctx.lit(rng.pick(GOODS)));
    // Right wall: cigarette and goods shelves behind the counter.
    out += poly(side(980, 1, 3, 130, 430), ctx.lit('#d9dee2'));
    for (let r = 0; r < 4; r++) {
      const y = 200 + r * 30;
      for (let s = 1.05; s < 2.9; s += 0.05) out += poly(side(980, s, s + 0.04, y, y + 22), ctx.lit(rng.pick(GOODS)));
      out += poly(side(980, 1.05, 2.9, y + 22, y + 26), ctx.lit('#8e979f'));
    }
    // Aisles of shelves receding toward the fridges.
    out += gondola(ctx, 370, 440, 1.08, 1.75, 440);
    // Counter with register and a hot-snack case, in the right foreground.
    const counter = ctx.lit('#f2f2ee');
    out += poly(flat(850, 980, 322, 1.12, 2.3), lighten(counter, 0.1));
    out += poly(side(850, 1.12, 2.3, 322, 430), darken(counter, 0.12)) + poly(side(850, 1.12, 2.3, 420, 430), darken(counter, 0.35)) + poly(side(850, 1.12, 2.3, 332, 342), ctx.lit('#2f7fc1'));
    out += poly(side(850, 1.12, 2.3, 342, 346), ctx.lit('#3fa34d'));
    out += poly(front(850, 980, 322, 430, 2.3), darken(counter, 0.05)) + poly(front(850, 980, 332, 342, 2.3), ctx.lit('#2f7fc1'));
    out += poly(front(850, 980, 342, 346, 2.3), ctx.lit('#3fa34d')) + poly(front(850, 980, 420, 430, 2.3), darken(counter, 0.3));
    const [hx, hy] = at(880, 322, 1.3);
    out += `<rect x="${f(hx)}" y="${f(hy - 60)}" width="110" height="60" rx="4" fill="${ctx.lampsOn ? ctx.glow('#ffd89a') : ctx.lit('#ffe2b0')}" stroke="${ctx.lit('#8e979f')}" stroke-width="4"/>`;
    for (let i = 0; i < 4; i++) out += `<ellipse cx="${f(hx + 18 + i * 25)}" cy="${f(hy - 14)}" rx="11" ry="8" fill="${ctx.lit(i % 2 ? '#c8803d' : '#e2a24f')}"/>`;
    const [rx, ry] = at(880, 322, 1.85);
    out += `<path d="M${f(rx)} ${f(ry)} L${f(rx + 10)} ${f(ry - 44)} L${f(rx + 96)} ${f(ry - 44)} L${f(rx + 104)} ${f(ry)} Z" fill="${ctx.lit('#4a5259')}"/>`;
    out += `<rect x="${f(rx + 16)}" y="${f(ry - 100)}" width="78" height="54" rx="4" fill="${ctx.lit('#3a4047')}"/><rect x="${f(rx + 22)}" y="${f(ry - 94)}" width="66" height="42" fill="${ctx.lampsOn ? ctx.glow('#8fd3ff') : ctx.lit('#9fd6f5')}"/>`;
    out += `<rect x="${f(rx + 50)}" y="${f(ry - 48)}" width="10" height="8" fill="${ctx.lit('#3a4047')}"/>`;
    // A shopping basket stack in the left foreground.
    for (let i = 0; i < 3; i++) out += `<path d="M40 ${f(640 - i * 14)} L210 ${f(640 - i * 14)} L196 ${f(700 - i * 14)} L54 ${f(700 - i * 14)} Z" fill="${ctx.lit(i === 2 ? '#e2473c' : '#c93a30')}"/>`;
    out += `<path d="M70 612 Q125 560 180 612" stroke="${ctx.lit('#3a4047')}" stroke-width="6" fill="none"/>`;
    // Light washing down from the panels.
    if (ctx.lampsOn) out += glow(ctx, 640, 200, 700, 260, '#ffffff', 0.22);
    out += `<rect x="0" y="${H - 4}" width="${W}" height="4" fill="${bright}" opacity="0.2"/>`;
    return out;
  },
};
