import type { Archetype } from '../archetypes/types';
import { darken, lighten, mix } from '../color';
import { H, W, type SceneContext } from '../scene-kit';

function palm(ctx: SceneContext, x: number, baseY: number, scale: number, lean: number): string {
  const trunk = ctx.lit('#8a6a48');
  const topX = x + lean * 120 * scale;
  const topY = baseY - 300 * scale;
  let out = `<path d="M${x - 9 * scale} ${baseY} Q ${x + lean * 40 * scale} ${baseY - 160 * scale} ${topX} ${topY} L ${topX + 8 * scale} ${topY + 4} Q ${x + lean * 50 * scale + 10} ${baseY - 150 * scale} ${x + 9 * scale} ${baseY} Z" fill="${trunk}"/>`;
  for (let i = 0; i < 7; i++) {
    const angle = -Math.PI + (i / 6) * Math.PI + ctx.rng.range(-0.15, 0.15);
    const length = ctx.rng.range(110, 150) * scale;
    const ex = topX + Math.cos(angle) * length;
    const ey = topY + Math.sin(angle) * length * 0.45 + 40 * scale;
    const mx = topX + Math.cos(angle) * length * 0.5;
    const my = topY - 30 * scale + Math.sin(angle) * length * 0.2;
    out += `<path d="M${topX} ${topY} Q ${mx} ${my} ${ex} ${ey} Q ${mx} ${my + 18 * scale} ${topX} ${topY + 6}" fill="${ctx.lit(i % 2 ? '#3f8a4a' : '#4f9e57')}"/>`;
  }
  return out;
}

export const beach: Archetype = {
  id: 'beach',
  indoor: false,
  keywords: {
    en: ['beach', 'seaside', 'seashore', 'shore', 'coast', 'ocean', 'sea', 'sand', 'bay'],
    ja: ['海', '浜', 'ビーチ', '砂浜', '海岸', '海辺', '浜辺', '湾'],
  },
  draw(ctx) {
    const horizon = 380;
    let out = ctx.sky();
    // A distant island on the horizon.
    out += `<path d="M880 ${horizon} q 60 -46 130 -30 q 50 10 90 30 Z" fill="${ctx.lit('#6f8f9a')}"/>`;
    // The sea: a gradient from the horizon to the shore, with glints and wave lines.
    const sea = ctx.uid('sea');
    const deep = ctx.lit('#2f7fb8');
    out += `<defs><linearGradient id="${sea}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(deep, 0.1)}"/><stop offset="1" stop-color="${lighten(ctx.lit('#3fb0c9'), 0.1)}"/></linearGradient></defs>`;
    out += `<rect x="0" y="${horizon}" width="${W}" height="${560 - horizon}" fill="url(#${sea})"/>`;
    out += `<g stroke="${lighten(deep, 0.5)}" stroke-width="2" stroke-linecap="round" opacity="0.6">`;
    for (let i = 0; i < 60; i++) {
      const y = ctx.rng.range(horizon + 8, 540);
      const x = ctx.rng.range(0, W);
      const len = 10 + ((y - horizon) / 160) * 40;
      out += `<line x1="${x.toFixed(1)}" y1="${y.toFixed(1)}" x2="${(x + len).toFixed(1)}" y2="${y.toFixed(1)}"/>`;
    }
    out += '</g>';
    // A path of light on the water when the sun or moon is low (or at night).
    const { body } = ctx.light;
    if (ctx.weather === 'clear' && ctx.light.time !== 'day') {
      out += `<path d="M${body.x - 30} ${horizon} L ${body.x + 30} ${horizon} L ${body.x + 120} 560 L ${body.x - 120} 560 Z" fill="${body.glow}" opacity="0.22"/>`;
    }
    // Surf: foam where the waves meet the sand.
    const sandTop = ctx.lit('#ecd7a8');
    out += `<path d="M0 560 Q 160 540 320 556 T 640 552 T 960 558 T 1280 548 L 1280 ${H} L 0 ${H} Z" fill="${sandTop}"/>`;
    out += `<path d="M0 560 Q 160 540 320 556 T 640 552 T 960 558 T 1280 548" stroke="${mix('#ffffff', sandTop, 0.2)}" stroke-width="7" fill="none" opacity="0.9"/>`;
    out += `<path d="M0 578 Q 200 566 420 576 T 860 574 T 1280 570" stroke="${darken(sandTop, 0.08)}" stroke-width="10" fill="none" opacity="0.5"/>`;
    const sand = ctx.uid('sand');
    out += `<defs><linearGradient id="${sand}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sandTop}"/><stop offset="1" stop-color="${ctx.lit('#dcbc85')}"/></linearGradient></defs><rect x="0" y="600" width="${W}" height="${H - 600}" fill="url(#${sand})"/>`;
    // Shells and pebbles, rocks on the left, palms framing both sides.
    for (let i = 0; i < 30; i++) out += `<ellipse cx="${ctx.rng.range(0, W).toFixed(1)}" cy="${ctx.rng.range(610, 715).toFixed(1)}" rx="${ctx.rng.range(2, 5).toFixed(1)}" ry="2" fill="${ctx.lit(ctx.rng.pick(['#ffffff', '#c9a27a', '#f2c6b4']))}"/>`;
    out += `<path d="M-20 600 Q 40 520 130 540 Q 190 560 210 620 Z" fill="${ctx.lit('#6d6a66')}"/><path d="M60 560 Q 110 540 150 560 L 120 600 Z" fill="${ctx.lit('#8a8680')}"/>`;
    out += palm(ctx, 120, 720, 1.25, 0.35) + palm(ctx, 1180, 700, 1.1, -0.45);
    // A beach umbrella and towel on the right.
    out += `<line x1="1010" y1="640" x2="990" y2="520" stroke="${ctx.lit('#efefef')}" stroke-width="5"/>`;
    out += `<path d="M900 540 Q 990 470 1080 520 Z" fill="${ctx.lit('#e4574b')}"/><path d="M945 515 Q 990 478 1035 505 L 990 515 Z" fill="${ctx.lit('#ffffff')}" opacity="0.8"/>`;
    out += `<path d="M930 650 L 1070 640 L 1090 680 L 950 690 Z" fill="${ctx.lit('#4aa3df')}"/>`;
    return out;
  },
};
