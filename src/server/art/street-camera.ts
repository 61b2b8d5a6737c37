/**
 * One-point perspective for outdoor places: a standing eye EYE metres up, y pointing up from the
 * ground, x across and z into the picture; the horizon at HZ and the vanishing point at VX.
 * (Interiors use room-kit.ts, whose room units point y down.)
 */
export type Pt = [number, number];

export function streetCamera({ vx, hz, f, eye }: { vx: number; hz: number; f: number; eye: number }) {
  const p = (x: number, y: number, z: number): Pt => [vx + (f * x) / z, hz - (f * (y - eye)) / z];
  const poly = (pts: Pt[], fill: string, extra = '') =>
    `<polygon points="${pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}" fill="${fill}"${extra}/>`;
  return {
    p,
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
  };
}
