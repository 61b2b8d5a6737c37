import type { TimeOfDay, Weather } from '../../shared/art';
import { darken, lighten, mix, multiply } from './color';
import type { Rng } from './random';

export const W = 1280;
export const H = 720;

/** How the sky and the light look at one time of day. */
export interface Light {
  time: TimeOfDay;
  skyTop: string;
  skyBottom: string;
  /** The sun or the moon; hidden under cloud, rain, snow and fog. */
  body: { x: number; y: number; r: number; color: string; glow: string; moon: boolean };
  /** Colour of the light outdoors (multiplied into surfaces). */
  outdoor: string;
  /** Colour of the light indoors: daylight through windows, or lamps at night. */
  indoor: string;
  stars: boolean;
}

const LIGHTS: Record<TimeOfDay, Light> = {
  morning: {
    time: 'morning',
    skyTop: '#7fb0e6',
    skyBottom: '#ffd9bd',
    body: { x: 230, y: 470, r: 46, color: '#fff3d1', glow: '#ffd9a0', moon: false },
    outdoor: '#fff0dc',
    indoor: '#fff4e6',
    stars: false,
  },
  day: {
    time: 'day',
    skyTop: '#3f86dc',
    skyBottom: '#bfe0ff',
    body: { x: 1010, y: 110, r: 44, color: '#fffbea', glow: '#fff2b3', moon: false },
    outdoor: '#ffffff',
    indoor: '#fffaf2',
    stars: false,
  },
  evening: {
    time: 'evening',
    skyTop: '#3c3b86',
    skyBottom: '#ffb36b',
    body: { x: 1040, y: 450, r: 54, color: '#ffd08a', glow: '#ff8a4c', moon: false },
    outdoor: '#ffc7a1',
    indoor: '#ffd9b5',
    stars: false,
  },
  night: {
    time: 'night',
    skyTop: '#070b26',
    skyBottom: '#27346b',
    body: { x: 1000, y: 130, r: 34, color: '#f6f2dc', glow: '#9fb3ff', moon: true },
    outdoor: '#5d6aa8',
    indoor: '#e9cfa8',
    stars: true,
  },
};

const WEATHER_SKY: Record<Weather, { tint: string; amount: number; clouds: number }> = {
  clear: { tint: '#ffffff', amount: 0, clouds: 3 },
  cloudy: { tint: '#9aa3ad', amount: 0.55, clouds: 9 },
  rain: { tint: '#6c747e', amount: 0.7, clouds: 11 },
  snow: { tint: '#d4dbe3', amount: 0.6, clouds: 8 },
  fog: { tint: '#d9dde0', amount: 0.75, clouds: 0 },
};

export interface SceneContext {
  rng: Rng;
  light: Light;
  weather: Weather;
  indoor: boolean;
  /** A surface colour under this scene's light. Use it for every painted surface. */
  lit(color: string): string;
  /** A light source's colour (lamps, lit windows): unaffected by darkness. */
  glow(color: string): string;
  /** A unique id for a gradient, clip path or filter. */
  uid(name: string): string;
  /** The full-frame sky: gradient, sun or moon, stars, clouds. Outdoor archetypes start with it. */
  sky(): string;
  /** The sky seen through a window at (x, y, w, h), with rain or snow falling in it. */
  windowView(x: number, y: number, w: number, h: number, options?: { skyline?: boolean }): string;
  /** True at night, when lamps, street lights and windows are lit. */
  lampsOn: boolean;
}

export function createSceneContext(rng: Rng, time: TimeOfDay, weather: Weather, indoor: boolean): SceneContext {
  const light = LIGHTS[time];
  const wsky = WEATHER_SKY[weather];
  const skyTop = mix(light.skyTop, darken(wsky.tint, time === 'night' ? 0.8 : 0), wsky.amount);
  const skyBottom = mix(light.skyBottom, darken(wsky.tint, time === 'night' ? 0.75 : 0), wsky.amount);
  // Overcast light is flatter and greyer outdoors.
  const outdoorLight = mix(light.outdoor, multiply(light.outdoor, wsky.tint), wsky.amount * 0.6);
  const ambient = indoor ? light.indoor : outdoorLight;
  let counter = 0;
  const uid = (name: string) => `${name}-${++counter}`;

  const clouds = (x0: number, y0: number, w: number, h: number) => {
    let out = '';
    const cloudColor = mix(time === 'night' ? '#3a4270' : '#ffffff', wsky.tint, wsky.amount * 0.8);
    const count = Math.round((wsky.clouds * w) / W);
    for (let i = 0; i < count; i++) {
      const cx = x0 + rng.range(0, w);
      const cy = y0 + rng.range(0, h * 0.45);
      const s = rng.range(0.6, 1.4) * (w / W + 0.4);
      const opacity = (weather === 'clear' ? 0.75 : 0.92).toFixed(2);
      out += `<g opacity="${opacity}" fill="${cloudColor}">`;
      for (let j = 0; j < 5; j++) {
        out += `<ellipse cx="${(cx + (j - 2) * 34 * s).toFixed(1)}" cy="${(cy - (j % 2) * 14 * s).toFixed(1)}" rx="${(46 * s).toFixed(1)}" ry="${(24 * s).toFixed(1)}"/>`;
      }
      out += '</g>';
    }
    return out;
  };

  const precipitation = (x0: number, y0: number, w: number, h: number, density = 1) => {
    let out = '';
    if (weather === 'rain') {
      const n = Math.round(((w * h) / 2400) * density);
      out += `<g stroke="${time === 'night' ? '#9fb0d8' : '#dfe8f2'}" stroke-width="1.6" stroke-linecap="round" opacity="0.55">`;
      for (let i = 0; i < n; i++) {
        const x = x0 + rng.range(0, w);
        const y = y0 + rng.range(0, h);
        out += `<line x1="${x.toFixed(1)}" y1="${y.toFixed(1)}" x2="${(x - 7).toFixed(1)}" y2="${(y + 26).toFixed(1)}"/>`;
      }
      out += '</g>';
    } else if (weather === 'snow') {
      const n = Math.round(((w * h) / 3200) * density);
      out += '<g fill="#ffffff" opacity="0.9">';
      for (let i = 0; i < n; i++) {
        out += `<circle cx="${(x0 + rng.range(0, w)).toFixed(1)}" cy="${(y0 + rng.range(0, h)).toFixed(1)}" r="${rng.range(1.5, 4.2).toFixed(1)}"/>`;
      }
      out += '</g>';
    }
    return out;
  };

  const skyFragment = (x: number, y: number, w: number, h: number, withBody: boolean) => {
    const id = uid('sky');
    let out = `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>`;
    out += `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id})"/>`;
    if (light.stars && weather === 'clear') {
      out += '<g fill="#ffffff">';
      for (let i = 0; i < Math.round((w * h) / 5000); i++) {
        out += `<circle cx="${(x + rng.range(0, w)).toFixed(1)}" cy="${(y + rng.range(0, h * 0.7)).toFixed(1)}" r="${rng.range(0.6, 1.8).toFixed(1)}" opacity="${rng.range(0.4, 1).toFixed(2)}"/>`;
      }
      out += '</g>';
    }
    // Each window is drawn on its own, so a sun in every pane would multiply it: windows show sky only.
    if (withBody && (weather === 'clear' || weather === 'cloudy')) {
      const { body } = light;
      const bx = x + (body.x / W) * w;
      const by = y + (body.y / H) * h;
      const glow = uid('glow');
      out += `<defs><radialGradient id="${glow}"><stop offset="0" stop-color="${body.glow}" stop-opacity="0.75"/><stop offset="1" stop-color="${body.glow}" stop-opacity="0"/></radialGradient></defs>`;
      out += `<circle cx="${bx}" cy="${by}" r="${body.r * 4}" fill="url(#${glow})" opacity="${weather === 'cloudy' ? 0.4 : 1}"/>`;
      if (weather === 'clear') out += `<circle cx="${bx}" cy="${by}" r="${body.r}" fill="${body.color}"/>`;
    }
    out += clouds(x, y, w, h);
    return out;
  };

  return {
    rng,
    light,
    weather,
    indoor,
    lampsOn: time === 'night' || (time === 'evening' && weather !== 'clear'),
    lit: (color) => multiply(color, ambient),
    glow: (color) => (time === 'night' ? lighten(color, 0.1) : color),
    uid,
    sky: () => skyFragment(0, 0, W, H, true),
    windowView(x, y, w, h, options = {}) {
      const clip = uid('window');
      let out = `<defs><clipPath id="${clip}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath></defs><g clip-path="url(#${clip})">`;
      out += skyFragment(x, y, w, h * 1.3, false);
      if (options.skyline !== false) {
        const base = darken(mix('#7d8aa6', skyBottom, 0.45), time === 'night' ? 0.55 : 0.1);
        let bx = x - 10;
        while (bx < x + w) {
          const bw = rng.range(w * 0.08, w * 0.2);
          const bh = rng.range(h * 0.12, h * 0.4);
          out += `<rect x="${bx.toFixed(1)}" y="${(y + h - bh).toFixed(1)}" width="${bw.toFixed(1)}" height="${bh.toFixed(1)}" fill="${base}"/>`;
          if (time === 'night') {
            for (let i = 0; i < 4; i++) {
              out += `<rect x="${(bx + rng.range(4, bw - 8)).toFixed(1)}" y="${(y + h - bh + rng.range(6, bh - 10)).toFixed(1)}" width="4" height="5" fill="#ffd98a" opacity="0.85"/>`;
            }
          }
          bx += bw + rng.range(2, 10);
        }
      }
      out += precipitation(x, y, w, h, 1.2);
      if (weather === 'fog') out += `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#e4e7ea" opacity="0.55"/>`;
      out += '</g>';
      return out;
    },
  };
}

/** Rain, snow and fog over the whole frame, and the overall colour of the hour. */
export function weatherAndLightOverlay(ctx: SceneContext): string {
  const { rng, weather, light, indoor } = ctx;
  let out = '';
  if (!indoor) {
    if (weather === 'rain') {
      out += `<rect width="${W}" height="${H}" fill="#3a4350" opacity="0.18"/>`;
      out += `<g stroke="${light.time === 'night' ? '#a9b8de' : '#e8eef5'}" stroke-width="1.8" stroke-linecap="round" opacity="0.5">`;
      for (let i = 0; i < 420; i++) {
        const x = rng.range(0, W + 60);
        const y = rng.range(-40, H);
        out += `<line x1="${x.toFixed(1)}" y1="${y.toFixed(1)}" x2="${(x - 9).toFixed(1)}" y2="${(y + rng.range(24, 40)).toFixed(1)}"/>`;
      }
      out += '</g>';
    } else if (weather === 'snow') {
      out += '<g fill="#ffffff">';
      for (let i = 0; i < 320; i++) {
        out += `<circle cx="${rng.range(0, W).toFixed(1)}" cy="${rng.range(0, H).toFixed(1)}" r="${rng.range(1.5, 5).toFixed(1)}" opacity="${rng.range(0.55, 0.95).toFixed(2)}"/>`;
      }
      out += '</g>';
    } else if (weather === 'fog') {
      const fog = ctx.uid('fog');
      out += `<defs><linearGradient id="${fog}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e6e9ec" stop-opacity="0.35"/><stop offset="0.6" stop-color="#e6e9ec" stop-opacity="0.7"/><stop offset="1" stop-color="#eef0f2" stop-opacity="0.8"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#${fog})"/>`;
    } else if (weather === 'cloudy') {
      out += `<rect width="${W}" height="${H}" fill="#8a939d" opacity="0.1"/>`;
    }
  }
  const hour: Record<TimeOfDay, string> = {
    morning: '<rect width="1280" height="720" fill="#ffe6c7" opacity="0.08"/>',
    day: '',
    evening: '<rect width="1280" height="720" fill="#ff9a5a" opacity="0.1"/>',
    night: indoor
      ? '<rect width="1280" height="720" fill="#1a1d45" opacity="0.12"/>'
      : '<rect width="1280" height="720" fill="#0d1240" opacity="0.22"/>',
  };
  return out + hour[light.time];
}
