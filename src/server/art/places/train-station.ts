import type { Archetype } from '../archetypes/types';
import { darken } from '../color';
import { box, lampGlow, poly, pr } from '../room-kit';
import { W } from '../scene-kit';


const PLATFORM = 1.0;
const TRACK = 2.0;

export const trainStation: Archetype = {
  id: 'train_station',
  indoor: false,
  keywords: {
    en: ['station', 'train station', 'platform', 'railway station', 'subway station', 'ticket gate', 'railway'],
    ja: ['駅', 'ホーム', '改札', '駅のホーム', '線路', '地下鉄の駅'],
  },
  draw(ctx) {
    let out = ctx.sky();
    // Town beyond the tracks.
    for (let x = 700; x < W; x += ctx.rng.range(40, 80)) {
      const h = ctx.rng.range(40, 140);
      out += `<rect x="${x.toFixed(1)}" y="${(400 - h).toFixed(1)}" width="${ctx.rng.range(40, 70).toFixed(1)}" height="${(h + 20).toFixed(1)}" fill="${ctx.lit(ctx.rng.pick(['#9aa8b8', '#aab4c0', '#8e9bab']))}"/>`;
    }
    // The track bed to the right of the platform, rails converging.
    out += poly([[-0.5, TRACK, 0.6], [8, TRACK, 0.6], [8, TRACK, 60], [-0.5, TRACK, 60]], ctx.lit('#7b756c'));
    for (let z = 0.8; z < 60; z *= 1.12) out += poly([[1.0, TRACK, z], [3.6, TRACK, z], [3.6, TRACK, z + 0.12], [1.0, TRACK, z + 0.12]], ctx.lit('#5a4636'));
    for (const x of [1.6, 3.0]) {
      const [ax, ay] = pr([x, TRACK - 0.05, 0.6]);
      const [bx, by] = pr([x, TRACK - 0.05, 60]);
      out += `<line x1="${ax}" y1="${ay}" x2="${bx}" y2="${by}" stroke="${ctx.lit('#c7ccd1')}" stroke-width="4"/>`;
    }
    // The platform: concrete with the yellow tactile line along its edge.
    out += poly([[-6, PLATFORM, 0.6], [0.5, PLATFORM, 0.6], [0.5, PLATFORM, 60], [-6, PLATFORM, 60]], ctx.lit('#bdb8ae'));
    out += poly([[0.5, PLATFORM, 0.6], [0.5, PLATFORM, 60], [0.5, TRACK, 60], [0.5, TRACK, 0.6]], ctx.lit('#8e8a82'));
    out += poly([[0.05, PLATFORM, 0.6], [0.3, PLATFORM, 0.6], [0.3, PLATFORM, 60], [0.05, PLATFORM, 60]], ctx.lit('#f2c230'));
    // Canopy roof on pillars along the platform.
    const roof = ctx.lit('#d7dadc');
    out += poly([[-6, -1.6, 0.6], [0.8, -1.6, 0.6], [0.8, -1.6, 40], [-6, -1.6, 40]], darken(roof, 0.15));
    out += poly([[0.8, -1.6, 0.6], [0.8, -1.6, 40], [0.8, -1.45, 40], [0.8, -1.45, 0.6]], roof);
    for (let z = 3.5; z < 40; z += 4) {
      out += box(-0.6, -0.45, -1.6, PLATFORM, z, z + 0.15, ctx.lit('#9aa3ab'));
      // Hanging sign panels (blank) and lights.
      out += box(-0.9, -0.1, -1.3, -1.05, z + 1.5, z + 1.55, ctx.lit('#1f4e79'));
      if (ctx.lampsOn) {
        const [lx, ly] = pr([-0.5, -1.5, z + 2]);
        out += lampGlow(ctx, lx, ly + 20, 160 / Math.sqrt(z), 0.4);
      }
    }
    // A vending machine and benches on the left, far to near.
    out += box(-3.2, -2.5, -0.6, PLATFORM, 5.2, 5.8, ctx.lit('#e8ecef'));
    out += box(-2.51, -2.5, -0.5, 0.2, 5.25, 5.75, ctx.lampsOn ? ctx.glow('#d6f0ff') : ctx.lit('#9ecae1'));
    for (const z of [7.5, 3.2]) {
      out += box(-2.2, -1.4, 0.55, 0.62, z, z + 1.2, ctx.lit('#c0392b'));
      out += box(-2.2, -2.1, 0.2, 0.55, z, z + 1.2, ctx.lit('#a93226'));
      out += box(-2.0, -1.9, 0.62, PLATFORM, z + 0.1, z + 0.2, ctx.lit('#555b61'));
      out += box(-2.0, -1.9, 0.62, PLATFORM, z + 1.0, z + 1.1, ctx.lit('#555b61'));
    }
    // A train waiting far down the line.
    const train = ctx.lit('#e8eaec');
    out += box(1.0, 3.6, -0.5, TRACK - 0.2, 30, 60, train);
    out += box(1.0, 3.6, 0.3, 0.5, 29.9, 30, ctx.lit('#2e8b57'));
    out += box(1.4, 3.2, -0.3, 0.2, 29.95, 30, ctx.lampsOn ? ctx.glow('#fff3c4') : ctx.lit('#5d7f9a'));
    return out;
  },
};
