import { darken, lighten } from '../color';
import { H, W, type SceneContext } from '../scene-kit';
import type { Archetype } from '../archetypes/types';

function tree(ctx: SceneContext, x: number, baseY: number, scale: number): string {
  const trunk = ctx.lit('#6b4a33');
  const leaf = ctx.lit(ctx.rng.pick(['#4f8f46', '#5c9c4a', '#467f40']));
  let out = `<path d="M${x - 10 * scale} ${baseY} L${x - 6 * scale} ${baseY - 120 * scale} L${x + 6 * scale} ${baseY - 120 * scale} L${x + 10 * scale} ${baseY} Z" fill="${trunk}"/>`;
  for (let i = 0; i < 7; i++) {
    const cx = x + ctx.rng.range(-60, 60) * scale;
    const cy = baseY - 150 * scale + ctx.rng.range(-50, 40) * scale;
    const r = ctx.rng.range(42, 64) * scale;
    out += `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" fill="${i % 3 === 0 ? darken(leaf, 0.12) : i % 3 === 1 ? leaf : lighten(leaf, 0.1)}"/>`;
  }
  return out;
}

function bench(ctx: SceneContext, x: number, y: number): string {
  const wood = ctx.lit('#a0683c');
  const iron = ctx.lit('#2f3336');
  return `<g>
    <rect x="${x}" y="${y}" width="180" height="14" rx="3" fill="${wood}"/>
    <rect x="${x}" y="${y + 20}" width="180" height="14" rx="3" fill="${darken(wood, 0.08)}"/>
    <rect x="${x}" y="${y + 44}" width="180" height="12" rx="3" fill="${lighten(wood, 0.08)}"/>
    <rect x="${x + 12}" y="${y + 56}" width="8" height="40" fill="${iron}"/>
    <rect x="${x + 160}" y="${y + 56}" width="8" height="40" fill="${iron}"/>
  </g>`;
}

function lamp(ctx: SceneContext, x: number, groundY: number): string {
  const pole = ctx.lit('#33383d');
  let out = `<rect x="${x - 4}" y="${groundY - 230}" width="8" height="230" fill="${pole}"/><rect x="${x - 16}" y="${groundY - 250}" width="32" height="26" rx="6" fill="${pole}"/>`;
  if (ctx.lampsOn) {
    const id = ctx.uid('lamp');
    out += `<defs><radialGradient id="${id}"><stop offset="0" stop-color="#ffe6a3" stop-opacity="0.8"/><stop offset="1" stop-color="#ffe6a3" stop-opacity="0"/></radialGradient></defs>`;
    out += `<circle cx="${x}" cy="${groundY - 236}" r="120" fill="url(#${id})"/><rect x="${x - 11}" y="${groundY - 244}" width="22" height="14" rx="4" fill="#fff3c4"/>`;
  }
  return out;
}

export const park: Archetype = {
  id: 'park',
  indoor: false,
  keywords: {
    en: ['park', 'garden', 'playground', 'lawn', 'meadow', 'square'],
    ja: ['公園', '庭園', '広場', '遊び場', '芝生', '庭'],
  },
  draw(ctx) {
    const horizon = 430;
    let out = ctx.sky();
    // Far hills and tree line give depth behind the lawn.
    out += `<path d="M0 ${horizon} Q 240 ${horizon - 70} 520 ${horizon - 20} T 1280 ${horizon - 40} L 1280 ${horizon + 20} L 0 ${horizon + 20} Z" fill="${ctx.lit('#7fa889')}"/>`;
    for (let x = -40; x < W + 40; x += ctx.rng.range(38, 60)) {
      out += `<circle cx="${x.toFixed(1)}" cy="${(horizon - ctx.rng.range(0, 24)).toFixed(1)}" r="${ctx.rng.range(26, 40).toFixed(1)}" fill="${ctx.lit('#5d8b5c')}"/>`;
    }
    const grass = ctx.uid('grass');
    out += `<defs><linearGradient id="${grass}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ctx.lit('#7cbf5e')}"/><stop offset="1" stop-color="${ctx.lit('#4f9a45')}"/></linearGradient></defs>`;
    out += `<rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#${grass})"/>`;
    // A gravel path that narrows toward the horizon.
    out += `<path d="M560 ${horizon} L 720 ${horizon} L 1040 ${H} L 260 ${H} Z" fill="${ctx.lit('#d8c6a1')}"/>`;
    out += `<path d="M560 ${horizon} L 720 ${horizon} L 760 ${horizon + 40} L 540 ${horizon + 40} Z" fill="${ctx.lit('#cbb892')}"/>`;
    out += tree(ctx, 180, 560, 1.4) + tree(ctx, 1120, 590, 1.6) + tree(ctx, 420, horizon + 30, 0.7) + tree(ctx, 900, horizon + 36, 0.8);
    out += bench(ctx, 820, 520);
    out += lamp(ctx, 330, 640) + lamp(ctx, 1000, 470);
    // Flower beds in the foreground.
    for (let i = 0; i < 40; i++) {
      const x = ctx.rng.range(0, 240);
      const y = ctx.rng.range(640, 710);
      out += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="5" fill="${ctx.lit(ctx.rng.pick(['#f28fb0', '#ffd166', '#ffffff', '#c084fc']))}"/>`;
    }
    return out;
  },
};
