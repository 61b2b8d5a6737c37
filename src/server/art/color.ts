/** Small colour arithmetic on #rrggbb strings, enough to light a scene. */

function parse(hex: string): [number, number, number] {
  const value = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
}

function format([r, g, b]: [number, number, number]): string {
  const channel = (v: number) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

/** Linear mix: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = parse(a);
  const [br, bg, bb] = parse(b);
  return format([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t]);
}

export const lighten = (color: string, amount: number) => mix(color, '#ffffff', amount);
export const darken = (color: string, amount: number) => mix(color, '#000000', amount);

/** Multiplies two colours, as light of colour `light` falling on a surface of colour `surface`. */
export function multiply(surface: string, light: string): string {
  const s = parse(surface);
  const l = parse(light);
  return format([(s[0] * l[0]) / 255, (s[1] * l[1]) / 255, (s[2] * l[2]) / 255]);
}
