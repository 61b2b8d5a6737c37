import { darken, lighten, mix } from '../color';
import { H, W, type SceneContext } from '../scene-kit';
import type { Archetype } from '../archetypes/types';
import { streetCamera, type Pt } from '../street-camera';

// Eye 1.5 m above the roof, horizon at y 400.
const VX = 640;
const VY = 400;
const F = 700;
const EYE = -1.5;
const BACK = 14;
const RIGHT = 6.5;

const { p: P, pts, poly, line } = streetCamera({ vx: VX, hz: VY, f: F, eye: 0 });

function town(ctx: SceneContext): string {
  const { rng } = ctx;
  const haze = mix(ctx.lit('#8a97ad'), ctx.lit('#c9d3e0'), 0.4);
  let out = `<path d="M0 ${VY} Q 200 ${VY - 40} 420 ${VY - 12} T 860 ${VY - 24} T 1280 ${VY - 8} L1280 ${VY + 80} L0 ${VY + 80} Z" fill="${mix(haze, ctx.lit('#a8b8c8'), 0.5)}"/>`;
  const roofY = P(0, EYE, BACK)[1];
  out += `<rect x="0" y="${VY + 20}" width="${W}" height="${H - VY - 20}" fill="${darken(haze, 0.22)}"/>`;
  for (const [base, dark] of [[VY + 10, 0.05], [VY + 28, 0.15]] as const) {
    let x = -20;
    while (x < W) {
      const w = rng.range(30, 80);
      const top = base - rng.range(0, 30);
      const c = darken(haze, dark + rng.range(0, 0.06));
      out += `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${w.toFixed(1)}" height="${(roofY - top + 2).toFixed(1)}" fill="${c}"/>`;
      if (ctx.lampsOn) {
        for (let i = 0; i < 3; i++) out += `<rect x="${(x + rng.range(4, w - 8)).toFixed(1)}" y="${(top + rng.range(4, roofY - top - 6)).toFixed(1)}" width="4" height="3" fill="${ctx.glow('#ffd98a')}" opacity="0.85"/>`;
      }
      x += w + rng.range(0, 6);
    }
  }
  return out;
}

function fencePanel(ctx: SceneContext, a: Pt, b: Pt, c: Pt, d: Pt, mesh: string): string {
  // a-b along the top rail, d-c along the bottom; a chain-link diamond mesh between.
  let out = `<polygon points="${pts([a, b, c, d])}" fill="url(#${mesh})" />`;
  out += line(a, b, ctx.lit('#8e979e'), 3) + line(d, c, ctx.lit('#8e979e'), 2);
  return out;
}

export const rooftop: Archetype = {
  id: 'rooftop',
  indoor: false,
  keywords: {
    en: ['rooftop', 'roof', 'school roof', 'roof top', 'on the roof', 'terrace'],
    ja: ['屋上', '屋根の上', '学校の屋上', 'ルーフ', '屋上テラス'],
  },
  draw(ctx) {
    const { rng } = ctx;
    let out = ctx.sky();
    out += town(ctx);
    if (ctx.light.time !== 'night' && ctx.weather === 'clear') {
      for (let i = 0; i < 4; i++) {
        const bx = rng.range(300, 1000);
        const by = rng.range(90, 240);
        out += `<path d="M${bx.toFixed(0)} ${by.toFixed(0)} q6 -6 12 0 q6 -6 12 0" stroke="${ctx.lit('#3d4552')}" stroke-width="2" fill="none"/>`;
      }
    }
    // Concrete roof slab with expansion joints, and a low parapet at its edge.
    const slab = ctx.uid('slab');
    out += `<defs><linearGradient id="${slab}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#b9b6ae')}"/><stop offset="1" stop-color="${ctx.lit('#9b968c')}"/></linearGradient></defs>`;
    out += poly([P(-40, EYE, BACK), P(RIGHT, EYE, BACK), P(RIGHT, EYE, 1), P(-40, EYE, 1)], `url(#${slab})`);
    const joint = ctx.lit('#8a857b');
    for (let x = -20; x <= RIGHT; x += 2.5) out += line(P(x, EYE, BACK), P(x, EYE, 1.2), joint, 1.2);
    for (const z of [3, 4.5, 6.5, 9, 11.5]) out += line(P(-40, EYE, z), P(RIGHT, EYE, z), joint, 1.2);
    for (let i = 0; i < 14; i++) {
      const [sx, sy] = P(rng.range(-8, RIGHT), EYE, rng.range(3, BACK));
      out += `<ellipse cx="${sx.toFixed(1)}" cy="${sy.toFixed(1)}" rx="${rng.range(10, 40).toFixed(1)}" ry="${rng.range(2, 6).toFixed(1)}" fill="${ctx.lit('#8f8a80')}" opacity="0.35"/>`;
    }
    if (ctx.weather === 'rain') {
      for (let i = 0; i < 7; i++) {
        const [sx, sy] = P(rng.range(-6, RIGHT - 1), EYE, rng.range(2.5, 12));
        out += `<ellipse cx="${sx.toFixed(1)}" cy="${sy.toFixed(1)}" rx="${rng.range(40, 110).toFixed(1)}" ry="${rng.range(6, 14).toFixed(1)}" fill="${ctx.lit('#c7d2e0')}" opacity="0.35"/>`;
      }
    }
    if (ctx.weather === 'snow') out += poly([P(-40, EYE, BACK), P(RIGHT, EYE, BACK), P(RIGHT, EYE, 1), P(-40, EYE, 1)], '#f4f7fb', ' opacity="0.55"');
    out += poly([P(-40, EYE + 0.35, BACK), P(RIGHT, EYE + 0.35, BACK), P(RIGHT, EYE, BACK), P(-40, EYE, BACK)], ctx.lit('#c8c4ba'));
    out += poly([P(RIGHT, EYE + 0.35, BACK), P(RIGHT, EYE + 0.35, 1.5), P(RIGHT, EYE, 1.5), P(RIGHT, EYE, BACK)], ctx.lit('#aaa59b'));
    // Tall wire fence along the back and down the right side.
    const mesh = ctx.uid('mesh');
    const wire = ctx.lit('#6f7a80');
    out += `<defs><pattern id="${mesh}" width="14" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="14" height="14" fill="none"/><path d="M0 0 L0 14 M0 0 L14 0" stroke="${wire}" stroke-width="1.1" opacity="0.8"/></pattern></defs>`;
    const top = EYE + 3.2;
    const base = EYE + 0.35;
    out += fencePanel(ctx, P(-40, top, BACK), P(RIGHT, top, BACK), P(RIGHT, base, BACK), P(-40, base, BACK), mesh);
    const meshNear = ctx.uid('meshnear');
    out += `<defs><pattern id="${meshNear}" width="26" height="26" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="26" height="26" fill="none"/><path d="M0 0 L0 26 M0 0 L26 0" stroke="${wire}" stroke-width="1.8" opacity="0.85"/></pattern></defs>`;
    out += fencePanel(ctx, P(RIGHT, top, BACK), P(RIGHT, top, 1.5), P(RIGHT, base, 1.5), P(RIGHT, base, BACK), meshNear);
    const post = ctx.lit('#7d868c');
    for (let x = -20; x <= RIGHT; x += 2.5) out += line(P(x, top + 0.05, BACK), P(x, base, BACK), post, 4);
    for (let z = BACK; z > 2; z -= 2.2) out += line(P(RIGHT, top + 0.05, z), P(RIGHT, base, z), post, (50 / z));
    // Stairwell structure on the left with its steel door, lamp and a water tank on top.
    const sx0 = -8;
    const sx1 = -3.6;
    const sz0 = 7.5;
    const sz1 = 12;
    const sh = EYE + 3.0;
    const wall = ctx.lit('#ddd6c7');
    out += poly([P(sx1, sh, sz0), P(sx1, sh, sz1), P(sx1, EYE, sz1), P(sx1, EYE, sz0)], darken(wall, 0.14));
    out += poly([P(sx0, sh, sz0), P(sx1, sh, sz0), P(sx1, EYE, sz0), P(sx0, EYE, sz0)], wall);
    out += poly([P(sx0, EYE + 0.6, sz0), P(sx1, EYE + 0.6, sz0), P(sx1, EYE, sz0), P(sx0, EYE, sz0)], darken(wall, 0.06));
    for (let i = 1; i < 4; i++) out += line(P(sx0, EYE + i * 0.75, sz0), P(sx1, EYE + i * 0.75, sz0), darken(wall, 0.1), 1);
    out += poly([P(sx0 - 0.2, sh + 0.25, sz0 - 0.25), P(sx1 + 0.2, sh + 0.25, sz0 - 0.25), P(sx1 + 0.2, sh, sz0 - 0.25), P(sx0 - 0.2, sh, sz0 - 0.25)], lighten(wall, 0.1));
    out += poly([P(sx1 + 0.2, sh + 0.25, sz0 - 0.25), P(sx1 + 0.2, sh + 0.25, sz1), P(sx1 + 0.2, sh, sz1), P(sx1 + 0.2, sh, sz0 - 0.25)], darken(wall, 0.2));
    const dx0 = -6.4;
    const dx1 = -4.6;
    out += poly([P(dx0 - 0.12, EYE + 2.2, sz0), P(dx1 + 0.12, EYE + 2.2, sz0), P(dx1 + 0.12, EYE, sz0), P(dx0 - 0.12, EYE, sz0)], ctx.lit('#8d8f8a'));
    out += poly([P(dx0, EYE + 2.1, sz0), P(dx1, EYE + 2.1, sz0), P(dx1, EYE, sz0), P(dx0, EYE, sz0)], ctx.lit('#6f8f86'));
    out += poly([P(dx0 + 0.4, EYE + 1.85, sz0), P(dx1 - 0.4, EYE + 1.85, sz0), P(dx1 - 0.4, EYE + 1.3, sz0), P(dx0 + 0.4, EYE + 1.3, sz0)], ctx.lampsOn ? ctx.glow('#ffe6a8') : ctx.lit('#cfdde3'));
    const [hx, hy] = P(dx1 - 0.25, EYE + 1.0, sz0);
    out += `<rect x="${(hx - 4).toFixed(1)}" y="${(hy - 10).toFixed(1)}" width="8" height="20" rx="3" fill="${ctx.lit('#c9ccc8')}"/>`;
    const [lx, ly] = P((dx0 + dx1) / 2, EYE + 2.5, sz0);
    out += `<rect x="${(lx - 14).toFixed(1)}" y="${(ly - 8).toFixed(1)}" width="28" height="16" rx="5" fill="${ctx.lampsOn ? ctx.glow('#fff1c4') : ctx.lit('#e8e6de')}" stroke="${ctx.lit('#6d706c')}" stroke-width="2"/>`;
    if (ctx.lampsOn) {
      const g = ctx.uid('lamp');
      out += `<defs><radialGradient id="${g}"><stop offset="0" stop-color="#ffe6a3" stop-opacity="0.7"/><stop offset="1" stop-color="#ffe6a3" stop-opacity="0"/></radialGradient></defs><circle cx="${lx.toFixed(1)}" cy="${ly.toFixed(1)}" r="150" fill="url(#${g})"/>`;
      const [fx, fy] = P((dx0 + dx1) / 2, EYE, sz0 - 1.2);
      out += `<ellipse cx="${fx.toFixed(1)}" cy="${fy.toFixed(1)}" rx="170" ry="40" fill="#ffe6a3" opacity="0.2"/>`;
    }
    // Ladder up the side of the stairwell.
    for (const z of [sz0 + 1.2, sz0 + 1.7]) out += line(P(sx1 + 0.05, sh + 0.9, z), P(sx1 + 0.05, EYE + 0.3, z), ctx.lit('#70767a'), 3);
    for (let y = EYE + 0.5; y < sh + 0.8; y += 0.35) out += line(P(sx1 + 0.05, y, sz0 + 1.2), P(sx1 + 0.05, y, sz0 + 1.7), ctx.lit('#70767a'), 2);
    // Water tank: a cylinder on a steel frame on the stairwell roof.
    const tz = sz0 + 1.8;
    const [tcx, tBase] = P(-5.8, sh + 0.7, tz);
    const [, tTop] = P(-5.8, sh + 2.8, tz);
    const tr = (F * 1.5) / tz;
    out += line(P(-7, sh + 0.25, tz), P(-7, sh + 0.8, tz), ctx.lit('#5f666b'), 5) + line(P(-4.6, sh + 0.25, tz), P(-4.6, sh + 0.8, tz), ctx.lit('#5f666b'), 5);
    const tank = ctx.uid('tank');
    const tc = ctx.lit('#dfe7ea');
    out += `<defs><linearGradient id="${tank}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${darken(tc, 0.08)}"/><stop offset="0.35" stop-color="${lighten(tc, 0.2)}"/><stop offset="1" stop-color="${darken(tc, 0.28)}"/></linearGradient></defs>`;
    out += `<rect x="${(tcx - tr).toFixed(1)}" y="${tTop.toFixed(1)}" width="${(2 * tr).toFixed(1)}" height="${(tBase - tTop).toFixed(1)}" fill="url(#${tank})"/>`;
    out += `<ellipse cx="${tcx.toFixed(1)}" cy="${tBase.toFixed(1)}" rx="${tr.toFixed(1)}" ry="${(tr * 0.18).toFixed(1)}" fill="${darken(tc, 0.2)}"/>`;
    out += `<rect x="${(tcx - tr).toFixed(1)}" y="${tTop.toFixed(1)}" width="${(2 * tr).toFixed(1)}" height="${(tBase - tTop).toFixed(1)}" fill="url(#${tank})"/>`;
    out += `<ellipse cx="${tcx.toFixed(1)}" cy="${tTop.toFixed(1)}" rx="${tr.toFixed(1)}" ry="${(tr * 0.18).toFixed(1)}" fill="${lighten(tc, 0.12)}" stroke="${darken(tc, 0.2)}" stroke-width="1.5"/>`;
    for (const f of [0.3, 0.65]) out += `<rect x="${(tcx - tr).toFixed(1)}" y="${(tTop + (tBase - tTop) * f).toFixed(1)}" width="${(2 * tr).toFixed(1)}" height="3" fill="${darken(tc, 0.22)}"/>`;
    // A bench by the right-hand fence and a vent unit.
    const wood = ctx.lit('#a0683c');
    const bz0 = 7.5;
    const bz1 = 10;
    const bx = RIGHT - 0.7;
    for (const z of [bz0 + 0.2, bz1 - 0.2]) out += line(P(bx, EYE + 0.45, z), P(bx, EYE, z), ctx.lit('#3a3f44'), 40 / z);
    out += poly([P(bx - 0.25, EYE + 0.45, bz0), P(bx - 0.25, EYE + 0.45, bz1), P(bx + 0.25, EYE + 0.45, bz1), P(bx + 0.25, EYE + 0.45, bz0)], wood);
    out += poly([P(bx + 0.25, EYE + 0.95, bz0), P(bx + 0.25, EYE + 0.95, bz1), P(bx + 0.25, EYE + 0.6, bz1), P(bx + 0.25, EYE + 0.6, bz0)], darken(wood, 0.12));
    const vent = ctx.lit('#b4b8b6');
    out += poly([P(3.6, EYE + 0.9, 12), P(5.2, EYE + 0.9, 12), P(5.2, EYE, 12), P(3.6, EYE, 12)], vent);
    out += poly([P(3.6, EYE + 0.9, 12), P(5.2, EYE + 0.9, 12), P(5.2, EYE + 0.9, 13), P(3.6, EYE + 0.9, 13)], lighten(vent, 0.15));
    const [vx, vy] = P(4.4, EYE + 0.45, 12);
    out += `<circle cx="${vx.toFixed(1)}" cy="${vy.toFixed(1)}" r="${(F * 0.32 / 12).toFixed(1)}" fill="${darken(vent, 0.35)}"/>`;
    return out;
  },
};
