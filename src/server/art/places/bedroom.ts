import type { Archetype } from '../archetypes/types';
import { darken } from '../color';
import { pt, BACK, box, CEIL, cornerShade, curtain, FLOOR, lampGlow, poly, pr, room, RX } from '../room-kit';

export const bedroom: Archetype = {
  id: 'bedroom',
  indoor: true,
  keywords: {
    en: ['bedroom', 'bed room', 'my room', 'his room', 'her room', 'dorm room', 'guest room', 'sleeping quarters'],
    ja: ['寝室', '自室', '私の部屋', '子供部屋', 'ベッドルーム', '個室', '部屋'],
  },
  draw(ctx) {
    const { rng } = ctx;
    const wallColor = rng.pick(['#f1e3d3', '#e6e9f2', '#f0e6dc', '#e4efe6']);
    const curtainColor = rng.pick(['#8fb4d9', '#e7a6b4', '#9fc7a5', '#e8c37c']);
    const blanket = rng.pick(['#7fa6d6', '#f0a7a0', '#a9cf9a', '#c7a7e0']);
    let out = room(ctx, wallColor, '#c8996b');
    // Window on the back wall with a rod and curtains.
    const [wx0, wy0] = pr([-1.25, -0.75, BACK]);
    const [wx1, wy1] = pr([1.25, 0.45, BACK]);
    const frame = ctx.lit('#fbf8f2');
    out += `<rect x="${wx0 - 8}" y="${wy0 - 8}" width="${wx1 - wx0 + 16}" height="${wy1 - wy0 + 16}" fill="${frame}"/>`;
    out += ctx.windowView(wx0, wy0, wx1 - wx0, wy1 - wy0);
    out += `<rect x="${(wx0 + wx1) / 2 - 3}" y="${wy0}" width="6" height="${wy1 - wy0}" fill="${frame}"/>`;
    out += `<rect x="${wx0 - 12}" y="${wy1}" width="${wx1 - wx0 + 24}" height="10" fill="${darken(frame, 0.08)}"/>`;
    out += `<rect x="${wx0 - 40}" y="${wy0 - 22}" width="${wx1 - wx0 + 80}" height="5" rx="2" fill="${ctx.lit('#8a6a4a')}"/>`;
    out += curtain(wx0 - 40, wy0 - 18, 70, wy1 - wy0 + 60, ctx.lit(curtainColor));
    out += curtain(wx1 - 30, wy0 - 18, 70, wy1 - wy0 + 60, ctx.lit(curtainColor));
    // A small potted plant on the sill.
    out += `<rect x="${wx1 - 60}" y="${wy1 - 16}" width="18" height="16" fill="${ctx.lit('#c9764f')}"/>`;
    for (let i = 0; i < 4; i++) out += `<ellipse cx="${wx1 - 51 + (i - 1.5) * 6}" cy="${wy1 - 22 - (i % 2) * 5}" rx="7" ry="10" fill="${ctx.lit(i % 2 ? '#5f9a55' : '#4b8646')}"/>`;
    // Clock and a poster.
    const [ckx, cky] = pr([1.9, -0.6, BACK]);
    out += `<circle cx="${ckx}" cy="${cky}" r="17" fill="${ctx.lit('#ffffff')}" stroke="${ctx.lit('#5a4a3a')}" stroke-width="3"/><path d="M${ckx} ${cky} v-11 M${ckx} ${cky} h8" stroke="${ctx.lit('#333333')}" stroke-width="2"/>`;
    out += poly([[-RX, -0.8, 4.2], [-RX, -0.8, 5.3], [-RX, 0.2, 5.3], [-RX, 0.2, 4.2]], ctx.lit(rng.pick(['#f6c28b', '#a9d3f0', '#f3b5c8'])));
    out += poly([[-RX, -0.6, 4.4], [-RX, -0.6, 5.1], [-RX, -0.1, 5.1], [-RX, -0.1, 4.4]], ctx.lit('#ffffff'), ' opacity="0.45"');
    // Bookshelf in the back-right corner.
    const wood = ctx.lit('#a87650');
    out += box(2.25, RX, -0.6, FLOOR, 5.75, BACK, wood);
    for (let s = 0; s < 4; s++) {
      const y = -0.5 + s * 0.48;
      out += poly([[2.25, y, 5.75], [2.25, y + 0.36, 5.75], [2.25, y + 0.36, 6.4], [2.25, y, 6.4]], darken(wood, 0.45));
      let z = 5.8;
      while (z < 6.35) {
        const d = rng.range(0.05, 0.1);
        const top = y + rng.range(0.02, 0.1);
        out += poly([[2.26, top, z], [2.26, y + 0.36, z], [2.26, y + 0.36, z + d], [2.26, top, z + d]], ctx.lit(rng.pick(['#c0504d', '#4f81bd', '#9bbb59', '#f3c14b', '#8064a2', '#eeeeee'])));
        z += d + 0.01;
      }
    }
    // Desk against the right wall, with a chair, lamp and wall shelf.
    const deskWood = ctx.lit('#c79a6c');
    out += box(2.15, RX, 0.62, 0.7, 3.2, 5.0, deskWood);
    out += box(2.2, 2.28, 0.7, FLOOR, 4.85, 4.95, darken(deskWood, 0.1));
    out += box(2.2, RX, 0.7, 1.2, 3.25, 3.9, darken(deskWood, 0.05));
    out += box(2.7, RX, -0.55, -0.5, 3.4, 4.9, wood);
    for (let i = 0; i < 5; i++) out += box(2.78, RX, -0.85 + rng.range(0, 0.08), -0.55, 3.6 + i * 0.12, 3.68 + i * 0.12, ctx.lit(rng.pick(['#d46a6a', '#6a8fd4', '#e0c060', '#7fbf8f'])));
    out += box(2.45, 2.55, 0.3, 0.62, 4.4, 4.5, ctx.lit('#444a55'));
    out += box(2.35, 2.7, 0.22, 0.32, 4.3, 4.65, ctx.lit('#f2d46b'));
    out += box(2.4, 2.85, 0.57, 0.62, 3.5, 3.85, ctx.lit('#e86f6f'));
    out += box(2.45, 2.8, 0.53, 0.57, 3.55, 3.8, ctx.lit('#f3f0e6'));
    out += box(1.95, 2.0, 0.95, FLOOR, 3.9, 3.95, ctx.lit('#3a3f48'));
    out += box(1.72, 2.2, 0.88, 0.95, 3.7, 4.15, ctx.lit('#7a899e'));
    out += box(1.68, 1.76, 0.3, 0.9, 3.72, 4.13, ctx.lit('#6b7a8f'));
    // Rug on the floor.
    out += poly([[-1.2, FLOOR, 3.2], [1.3, FLOOR, 3.2], [1.3, FLOOR, 5.2], [-1.2, FLOOR, 5.2]], ctx.lit(rng.pick(['#d7c3e6', '#f2d0a9', '#bcd8e8'])));
    out += poly([[-1.0, FLOOR, 3.4], [1.1, FLOOR, 3.4], [1.1, FLOOR, 5.0], [-1.0, FLOOR, 5.0]], 'none', ` stroke="${ctx.lit('#ffffff')}" stroke-width="3" opacity="0.6"`);
    // The bed along the left wall: headboard, frame, mattress, blanket and pillow.
    const bedWood = ctx.lit('#9c6b45');
    out += box(-RX, -1.55, 0.15, FLOOR, 6.2, BACK, bedWood);
    out += box(-RX, -1.55, 1.0, FLOOR, 2.9, 6.2, bedWood);
    out += box(-RX, -1.6, 0.78, 1.0, 2.95, 6.2, ctx.lit('#f7f4ee'));
    out += box(-2.85, -2.0, 0.62, 0.8, 5.5, 6.1, ctx.lit('#ffffff'));
    const bl = ctx.lit(blanket);
    out += box(-RX, -1.5, 0.72, 1.08, 2.85, 5.2, bl);
    out += `<g stroke="${darken(bl, 0.2)}" stroke-width="2" fill="none" opacity="0.6">`;
    for (const z of [3.4, 4.0, 4.6]) out += `<path d="M${pt([-1.5, 0.72, z])} L${pt([-RX, 0.72, z])}"/>`;
    out += '</g>';
    out += box(-RX, -1.45, 0.72, 1.2, 2.85, 2.95, darken(bl, 0.05));
    // Ceiling light.
    const [lx, ly] = pr([0, CEIL, 4.2]);
    out += `<ellipse cx="${lx}" cy="${ly + 4}" rx="70" ry="14" fill="${ctx.lampsOn ? ctx.glow('#fff4d6') : ctx.lit('#f4f1ea')}"/><ellipse cx="${lx}" cy="${ly}" rx="70" ry="9" fill="${ctx.lit('#e2ddd2')}"/>`;
    if (ctx.lampsOn) {
      out += lampGlow(ctx, lx, ly + 30, 260, 0.45);
      const [dx, dy] = pr([2.5, 0.25, 4.45]);
      out += lampGlow(ctx, dx - 10, dy + 20, 150, 0.8);
      const [px, py] = pr([0, FLOOR, 4.2]);
      out += lampGlow(ctx, px, py, 300, 0.22);
    } else if (ctx.weather === 'clear') {
      // Daylight from the window falling onto the floor.
      out += poly([[-1.25, FLOOR, BACK - 0.05], [1.25, FLOOR, BACK - 0.05], [1.8, FLOOR, 3.6], [-0.7, FLOOR, 3.6]], '#fff6dc', ' opacity="0.16"');
    }
    // Soft shade in the corners of the frame.
    out += cornerShade(ctx, '#1a1020', 0.28);
    return out;
  },
};
