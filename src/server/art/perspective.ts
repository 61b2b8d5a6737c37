/** A point on the 1280×720 canvas. */
export type Pt = [number, number];

/**
 * Drawing helpers for one-point perspective: a camera looking down +z with its vanishing point at
 * (vx, vy) and focal length f. Interiors and streets set their own camera and share the projection.
 */
export function perspective(vx: number, vy: number, f: number) {
  const P = (x: number, y: number, z: number): Pt => [vx + (f * x) / z, vy - (f * y) / z];
  const pts = (list: Pt[]) => list.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  const poly = (list: Pt[], fill: string, extra = '') => `<polygon points="${pts(list)}" fill="${fill}"${extra}/>`;
  return {
    P,
    pts,
    poly,
    /** A rectangle on a wall plane x = const, spanning y0..y1 and z0..z1. */
    side: (x: number, y0: number, y1: number, z0: number, z1: number, fill: string, extra = '') =>
      poly([P(x, y1, z0), P(x, y1, z1), P(x, y0, z1), P(x, y0, z0)], fill, extra),
    /** A rectangle facing the camera (plane z = const). */
    front: (x0: number, x1: number, y0: number, y1: number, z: number, fill: string, extra = '') =>
      poly([P(x0, y1, z), P(x1, y1, z), P(x1, y0, z), P(x0, y0, z)], fill, extra),
    /** A rectangle on a horizontal plane y = const (floor, ceiling, table top). */
    flat: (x0: number, x1: number, y: number, z0: number, z1: number, fill: string, extra = '') =>
      poly([P(x0, y, z1), P(x1, y, z1), P(x1, y, z0), P(x0, y, z0)], fill, extra),
    line: (a: Pt, b: Pt, stroke: string, width: number) =>
      `<line x1="${a[0].toFixed(1)}" y1="${a[1].toFixed(1)}" x2="${b[0].toFixed(1)}" y2="${b[1].toFixed(1)}" stroke="${stroke}" stroke-width="${width.toFixed(1)}" stroke-linecap="round"/>`,
  };
}
