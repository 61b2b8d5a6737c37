import type { Archetype } from '../archetypes/types';
import { darken, lighten } from '../color';
import { box, cornerShade, lampGlow, poly, pr, type V } from '../room-kit';
import type { SceneContext } from '../scene-kit';

const GROUND = 1.3;
const AWNINGS = ['#c0392b', '#2f6fb5', '#e67e22', '#8e44ad', '#16a085'];

/** One yatai stall facing the lane: counter, posts, striped awning and a lit sign. */
function stall(ctx: SceneContext, side: -1 | 1, z0: number, z1: number): string {
  const inner = side * 2.0;
  const outer = side * 3.4;
  const [xa, xb] = [Math.min(inner, outer), Math.max(inner, outer)];
  const wood = ctx.lit('#8a5a3a');
  let out = box(xa, xb, -0.6, GROUND, z0 + 0.1, z1 - 0.1, darken(wood, 0.3));
  out += box(xa, xb, 0.45, GROUND, z0, z1, wood);
  out += box(xa, xb, 0.4, 0.45, z0, z1, lighten(wood, 0.15));
  for (const z of [z0, z1 - 0.06]) out += box(inner - 0.03, inner + 0.03, -0.9, 0.4, z, z + 0.06, darken(wood, 0.2));
  const color = ctx.lit(ctx.rng.pick(AWNINGS));
  const stripes = 6;
  for (let i = 0; i < stripes; i++) {
    const za = z0 + ((z1 - z0) * i) / stripes;
    const zb = z0 + ((z1 - z0) * (i + 1)) / stripes;
    const pts: V[] = [[outer, -1.05, za], [outer, -1.05, zb], [inner - side * 0.25, -0.75, zb], [inner - side * 0.25, -0.75, za]];
    out += poly(pts, i % 2 ? color : ctx.lit('#f4f1ea'));
  }
  const signPts: V[] = [[inner, -0.7, z0 + 0.15], [inner, -0.7, z1 - 0.15], [inner, -0.45, z1 - 0.15], [inner, -0.45, z0 + 0.15]];
  out += poly(signPts, ctx.lampsOn ? ctx.glow('#ffe9b0') : ctx.lit('#f7f1e1'));
  // Goods on the counter.
  for (let k = 0; k < 4; k++) {
    const [gx, gy] = pr([inner - side * 0.05, 0.38, z0 + 0.25 + k * ((z1 - z0 - 0.4) / 4)]);
    out += `<circle cx="${gx.toFixed(1)}" cy="${gy.toFixed(1)}" r="${(60 / z0).toFixed(1)}" fill="${ctx.lit(ctx.rng.pick(['#f2b134', '#e94f4f', '#ffffff', '#8bc34a']))}"/>`;
  }
  return out;
}

export const festival: Archetype = {
  id: 'festival',
  indoor: false,
  keywords: {
    en: ['festival', 'summer festival', 'matsuri', 'fair', 'food stalls', 'fireworks', 'night market', 'yatai'],
    ja: ['祭り', '夏祭り', 'お祭り', '縁日', '屋台', '花火', '盆踊り'],
  },
  draw(ctx) {
    let out = ctx.sky();
    // A shrine roof and trees at the end of the lane.
    out += `<path d="M0 380 Q 320 330 640 350 T 1280 340 L1280 420 L0 420 Z" fill="${ctx.lit('#2f4f3a')}"/>`;
    out += `<path d="M560 330 L640 300 L720 330 Z" fill="${ctx.lit('#3a2a2a')}"/><rect x="585" y="330" width="110" height="60" fill="${ctx.lit('#8c2f2f')}"/>`;
    // The lane: packed earth with stepping stones.
    out += poly([[-6, GROUND, 0.6], [6, GROUND, 0.6], [6, GROUND, 40], [-6, GROUND, 40]], ctx.lit('#7a6650'));
    out += poly([[-1.2, GROUND, 0.6], [1.2, GROUND, 0.6], [1.2, GROUND, 40], [-1.2, GROUND, 40]], ctx.lit('#9b8568'));
    // Stalls on both sides, far to near.
    for (let z = 14; z >= 2; z -= 2.4) {
      out += stall(ctx, -1, z, z + 2.2) + stall(ctx, 1, z, z + 2.2);
    }
    // Crowd silhouettes at the far edges only.
    for (let i = 0; i < 16; i++) {
      const side = i % 2 ? -1 : 1;
      const [x, y] = pr([side * ctx.rng.range(1.1, 1.7), GROUND, ctx.rng.range(12, 20)]);
      const s = ctx.rng.range(0.8, 1.1);
      out += `<ellipse cx="${x.toFixed(1)}" cy="${(y - 34 * s).toFixed(1)}" rx="${(6 * s).toFixed(1)}" ry="${(7 * s).toFixed(1)}" fill="${ctx.lit('#3a3340')}"/><path d="M${(x - 9 * s).toFixed(1)} ${y.toFixed(1)} L${(x - 7 * s).toFixed(1)} ${(y - 26 * s).toFixed(1)} L${(x + 7 * s).toFixed(1)} ${(y - 26 * s).toFixed(1)} L${(x + 9 * s).toFixed(1)} ${y.toFixed(1)} Z" fill="${ctx.lit(ctx.rng.pick(['#3a3340', '#4a3550', '#2f3a50']))}"/>`;
    }
    // Strings of paper lanterns across the lane.
    for (let z = 2.5; z < 18; z += 3) {
      const [ax, ay] = pr([-2.2, -1.2, z]);
      const [bx, by] = pr([2.2, -1.2, z]);
      const sag = 40 / z;
      out += `<path d="M${ax.toFixed(1)} ${ay.toFixed(1)} Q ${((ax + bx) / 2).toFixed(1)} ${(ay + sag * 2).toFixed(1)} ${bx.toFixed(1)} ${by.toFixed(1)}" stroke="${ctx.lit('#2a2a2a')}" stroke-width="1.5" fill="none"/>`;
      for (let k = 1; k < 8; k++) {
        const t = k / 8;
        const x = ax + (bx - ax) * t;
        const y = ay + 4 * sag * t * (1 - t) * 1.0 + 10 / z;
        const r = 70 / z;
        out += `<ellipse cx="${x.toFixed(1)}" cy="${(y + r).toFixed(1)}" rx="${(r * 0.75).toFixed(1)}" ry="${r.toFixed(1)}" fill="${ctx.lampsOn ? ctx.glow(k % 2 ? '#ffb347' : '#ff6f61') : ctx.lit(k % 2 ? '#f0a040' : '#e05a4f')}"/>`;
        if (ctx.lampsOn) out += lampGlow(ctx, x, y + r, r * 3, 0.35);
      }
    }
    if (ctx.lampsOn) {
      const [gx, gy] = pr([0, GROUND, 6]);
      out += lampGlow(ctx, gx, gy, 420, 0.22);
    }
    out += cornerShade(ctx, '#100818', 0.25);
    return out;
  },
};
