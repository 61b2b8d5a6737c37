/**
 * One-point perspective: an eye `eye` metres up, y pointing up from the ground, x across and z into the
 * picture; the horizon at `hz` and the vanishing point at `vx`. Streets stand at eye height; the
 * interiors drawn down a central aisle measure y from the eye (eye 0). (room-kit.ts rooms point y down.)
 */
export type Pt = [number, number];

export function streetCamera({ vx, hz, f, eye }: { vx: number; hz: number; f: number; eye: number }) {
  const p = (x: number, y: number, z: number): Pt => [vx + (f * x) / z, hz - (f * (y - eye)) / z];
  const pts = (list: Pt[]) => list.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  const poly = (list: Pt[], fill: string, extra = '') => `<polygon points="${pts(list)}" fill="${fill}"${extra}/>`;
  return {
    p,
    pts,
    poly,
    /** A horizontal strip on the plane y, from x0 to x1 and depth z0 to z1. */
    floor: (y: number, x0: number, x1: number, z0: number, z1: number, fill: string, extra = '') =>
      poly([p(x0, y, z0), p(x1, y, z0), p(x1, y, z1), p(x0, y, z1)], fill, extra),
    /** A vertical strip on the plane x, from height y0 to y1 and depth z0 to z1. */
    side: (x: number, y0: number, y1: number, z0: number, z1: number, fill: string, extra = '') =>
      poly([p(x, y1, z0), p(x, y1, z1), p(x, y0, z1), p(x, y0, z0)], fill, extra),
    /** A rectangle facing the viewer at depth z. */
    front: (x0: number, x1: number, y0: number, y1: number, z: number, fill: string, extra = '') =>
      poly([p(x0, y1, z), p(x1, y1, z), p(x1, y0, z), p(x0, y0, z)], fill, extra),
      line: (a: Pt, b: Pt, stroke: string, width: number) =>
      `<line x1="${a[0].toFixed(1)}" y1="${a[1].toFixed(1)}" x2="${b[0].toFixed(1)}" y2="${b[1].toFixed(1)}" stroke="${stroke}" stroke-width="${width.toFixed(1)}" stroke-linecap="round"/>`,
  };
}
