import { H, W } from './scene-kit';

/** A colour wash for the mood a storyteller names, in English or Japanese. */
const MOODS: Array<{ pattern: RegExp; tint: string; opacity: number; vignette: number }> = [
  { pattern: /romant|love|tender|sweet|ロマン|恋|甘|ときめ/i, tint: '#ff8fb3', opacity: 0.12, vignette: 0.15 },
  { pattern: /tense|ominous|danger|dark|fear|scary|horror|緊張|不穏|怖|危険|恐/i, tint: '#3b1d4a', opacity: 0.22, vignette: 0.5 },
  { pattern: /myster|eerie|strange|secret|謎|不思議|怪し|ミステリ/i, tint: '#3a3f8f', opacity: 0.16, vignette: 0.4 },
  { pattern: /sad|melanchol|lonely|gloom|grief|悲し|寂し|切な|憂/i, tint: '#5b6d8a', opacity: 0.18, vignette: 0.3 },
  { pattern: /cheer|happy|lively|bright|festive|fun|joy|楽し|明る|賑|嬉/i, tint: '#ffd37a', opacity: 0.1, vignette: 0.05 },
  { pattern: /calm|peace|serene|quiet|gentle|relax|穏|静|のどか|安らぎ/i, tint: '#bfe3d0', opacity: 0.08, vignette: 0.1 },
  { pattern: /nostalg|memor|懐かし|思い出/i, tint: '#e8c48a', opacity: 0.14, vignette: 0.2 },
];

export function atmosphereOverlay(atmosphere: string, uid: (name: string) => string): string {
  const mood = MOODS.find(({ pattern }) => pattern.test(atmosphere));
  const vignette = mood?.vignette ?? 0.18;
  const id = uid('vignette');
  let out = `<defs><radialGradient id="${id}" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="${vignette}"/></radialGradient></defs>`;
  if (mood) out += `<rect width="${W}" height="${H}" fill="${mood.tint}" opacity="${mood.opacity}"/>`;
  out += `<rect width="${W}" height="${H}" fill="url(#${id})"/>`;
  return out;
}
