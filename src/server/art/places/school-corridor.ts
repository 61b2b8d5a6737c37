import type { Archetype } from '../archetypes/types';
import { darken, lighten } from '../color';
import { cornerShade, lampGlow, poly, pr, type V } from '../room-kit';

const HALF = 1.7;
const TOP = -1.2;
const BOTTOM = 1.4;
const NEAR = 0.5;
const FAR = 26;

export const schoolCorridor: Archetype = {
  id: 'school_corridor',
  indoor: true,
  keywords: {
    en: ['corridor', 'hallway', 'hall way', 'school hallway', 'school corridor', 'lockers', 'shoe lockers', 'entrance hall'],
    ja: ['廊下', '下駄箱', '昇降口', '校舎'],
  },
  draw(ctx) {
    const wall = ctx.lit('#ece6da');
    const q = (vs: V[], fill: string, extra = '') => poly(vs, fill, extra);
    let out = q([[-HALF, TOP, NEAR], [HALF, TOP, NEAR], [HALF, TOP, FAR], [-HALF, TOP, FAR]], lighten(wall, 0.1));
    out += q([[-HALF, TOP, NEAR], [-HALF, TOP, FAR], [-HALF, BOTTOM, FAR], [-HALF, BOTTOM, NEAR]], darken(wall, 0.05));
    out += q([[HALF, TOP, NEAR], [HALF, TOP, FAR], [HALF, BOTTOM, FAR], [HALF, BOTTOM, NEAR]], darken(wall, 0.1));
    out += q([[-HALF, TOP, FAR], [HALF, TOP, FAR], [HALF, BOTTOM, FAR], [-HALF, BOTTOM, FAR]], darken(wall, 0.02));
    // A polished floor that reflects the windows.
    const floor = ctx.lit('#b7a38a');
    out += q([[-HALF, BOTTOM, NEAR], [HALF, BOTTOM, NEAR], [HALF, BOTTOM, FAR], [-HALF, BOTTOM, FAR]], floor);
    for (let z = 1; z < FAR; z *= 1.25) out += q([[-HALF, BOTTOM, z], [HALF, BOTTOM, z], [HALF, BOTTOM, z + 0.04], [-HALF, BOTTOM, z + 0.04]], darken(floor, 0.1));
    // Windows along the left wall, one pane per bay, each clipped to its trapezoid.
    for (let z = 1.0; z < FAR - 2; z += 2.2) {
      const pts: V[] = [[-HALF, -0.85, z], [-HALF, -0.85, z + 1.7], [-HALF, 0.35, z + 1.7], [-HALF, 0.35, z]];
      const p = pts.map(pr);
      const xs = p.map(([x]) => x);
      const ys = p.map(([, y]) => y);
      const clip = ctx.uid('pane');
      out += `<defs><clipPath id="${clip}"><path d="M${p.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join(' L')} Z"/></clipPath></defs>`;
      out += `<g clip-path="url(#${clip})">${ctx.windowView(Math.min(...xs), Math.min(...ys), Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys))}</g>`;
      out += q(pts, 'none', ` stroke="${ctx.lit('#c9c2b4')}" stroke-width="${(40 / z).toFixed(1)}"`);
      // The window's light on the floor.
      if (!ctx.lampsOn && ctx.weather === 'clear') out += q([[-HALF, BOTTOM, z], [-HALF, BOTTOM, z + 1.7], [0.2, BOTTOM, z + 2.3], [0.2, BOTTOM, z + 0.6]], '#fff3d6', ' opacity="0.22"');
    }
    // Classroom doors and notice boards along the right wall.
    for (let z = 2.0; z < FAR - 2; z += 4.4) {
      out += q([[HALF, -0.45, z], [HALF, -0.45, z + 1.0], [HALF, BOTTOM, z + 1.0], [HALF, BOTTOM, z]], ctx.lit('#a77b52'));
      out += q([[HALF, -0.3, z + 0.15], [HALF, -0.3, z + 0.85], [HALF, 0.3, z + 0.85], [HALF, 0.3, z + 0.15]], ctx.lampsOn ? ctx.glow('#f3e2b8') : ctx.lit('#cfe0ea'));
      out += q([[HALF, -0.75, z - 0.2], [HALF, -0.75, z + 1.2], [HALF, -0.55, z + 1.2], [HALF, -0.55, z - 0.2]], ctx.lit('#5c7c9a'));
      out += q([[HALF, -0.6, z + 1.6], [HALF, -0.6, z + 3.0], [HALF, 0.1, z + 3.0], [HALF, 0.1, z + 1.6]], ctx.lit('#b58a5a'));
      for (let k = 0; k < 3; k++) out += q([[HALF, -0.5 + k * 0.2, z + 1.75 + k * 0.35], [HALF, -0.5 + k * 0.2, z + 2.05 + k * 0.35], [HALF, -0.32 + k * 0.2, z + 2.05 + k * 0.35], [HALF, -0.32 + k * 0.2, z + 1.75 + k * 0.35]], ctx.lit(['#ffffff', '#ffe9a8', '#f7c6d0'][k]!));
    }
    // Skirting on both walls and ceiling lights receding.
    for (const side of [-1, 1]) out += q([[side * HALF, BOTTOM - 0.1, NEAR], [side * HALF, BOTTOM - 0.1, FAR], [side * HALF, BOTTOM, FAR], [side * HALF, BOTTOM, NEAR]], ctx.lit('#7d8a96'));
    for (let z = 1.5; z < FAR; z += 2.6) {
      out += q([[-0.25, TOP, z], [0.25, TOP, z], [0.25, TOP, z + 0.9], [-0.25, TOP, z + 0.9]], ctx.lampsOn ? ctx.glow('#fbf8ef') : lighten(wall, 0.25));
      if (ctx.lampsOn) {
        const [gx, gy] = pr([0, BOTTOM, z + 0.5]);
        out += lampGlow(ctx, gx, gy, 260 / Math.sqrt(z), 0.18);
      }
    }
    out += cornerShade(ctx, '#1a1020', 0.26);
    return out;
  },
};
