import { z } from 'zod';

/** SPEC §3 emotions and the synonyms storytellers use for them. */
export const EMOTIONS = ['neutral', 'happy', 'sad', 'angry', 'surprised', 'thinking', 'blushing'] as const;
export type Emotion = (typeof EMOTIONS)[number];

const EMOTION_SYNONYMS: Record<string, Emotion> = {
  curious: 'thinking',
  confused: 'thinking',
  determined: 'thinking',
  thoughtful: 'thinking',
  pensive: 'thinking',
  contemplative: 'thinking',
  anxious: 'sad',
  worried: 'sad',
  nervous: 'sad',
  scared: 'sad',
  upset: 'sad',
  excited: 'happy',
  cheerful: 'happy',
  pleased: 'happy',
  delighted: 'happy',
  content: 'neutral',
  calm: 'neutral',
  frustrated: 'angry',
  irritated: 'angry',
  embarrassed: 'blushing',
  shy: 'blushing',
  shocked: 'surprised',
  startled: 'surprised',
};

/** Any emotion word to one of the seven; unknown words become neutral. */
export function normalizeEmotion(value: string | null | undefined): Emotion {
  const word = (value ?? '').trim().toLowerCase();
  if ((EMOTIONS as readonly string[]).includes(word)) return word as Emotion;
  return EMOTION_SYNONYMS[word] ?? 'neutral';
}

export const TIMES_OF_DAY = ['morning', 'day', 'evening', 'night'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];
export const WEATHERS = ['clear', 'cloudy', 'rain', 'snow', 'fog'] as const;
export type Weather = (typeof WEATHERS)[number];

const TIME_WORDS: Array<[RegExp, TimeOfDay]> = [
  [/morning|dawn|sunrise|early|朝|明け方|夜明け|早朝/i, 'morning'],
  [/evening|sunset|dusk|twilight|afternoon|夕|黄昏|たそがれ|午後/i, 'evening'],
  [/night|midnight|late|夜|深夜|真夜中|晩/i, 'night'],
  [/day|noon|midday|daytime|昼|日中|正午/i, 'day'],
];

const WEATHER_WORDS: Array<[RegExp, Weather]> = [
  [/snow|blizzard|雪|吹雪/i, 'snow'],
  [/rain|storm|drizzle|shower|thunder|雨|嵐|雷|梅雨/i, 'rain'],
  [/fog|mist|haze|霧|もや|霞/i, 'fog'],
  [/cloud|overcast|grey|gray|曇|くもり|雲/i, 'cloudy'],
  [/clear|sunny|fine|bright|晴|快晴/i, 'clear'],
];

function matchWord<T>(value: string | undefined, table: Array<[RegExp, T]>, fallback: T): T {
  if (!value) return fallback;
  return table.find(([pattern]) => pattern.test(value))?.[1] ?? fallback;
}

/** A scene setting as storytellers write it: free text, any language (SPEC §3, with its defaults). */
export const settingInput = z.object({
  location: z.string().trim().min(1).max(200),
  time_of_day: z.string().trim().max(60).optional(),
  weather: z.string().trim().max(60).optional(),
  atmosphere: z.string().trim().max(80).optional(),
});
export type SettingInput = z.infer<typeof settingInput>;

export interface Setting {
  location: string;
  time_of_day: TimeOfDay;
  weather: Weather;
  atmosphere: string;
}

export function normalizeSetting(input: SettingInput): Setting {
  return {
    location: input.location.trim(),
    time_of_day: matchWord(input.time_of_day, TIME_WORDS, 'day'),
    weather: matchWord(input.weather, WEATHER_WORDS, 'clear'),
    atmosphere: (input.atmosphere ?? '').trim().toLowerCase() || 'neutral',
  };
}

/** What a character looks like; chosen by a storyteller or derived from the character id. */
export const appearanceSchema = z.object({
  hair_style: z.enum(['short', 'bob', 'long', 'ponytail', 'twintails', 'spiky', 'bun', 'braid']),
  hair_color: z.string().regex(/^#[0-9a-f]{6}$/i),
  eye_color: z.string().regex(/^#[0-9a-f]{6}$/i),
  skin_tone: z.string().regex(/^#[0-9a-f]{6}$/i),
  outfit: z.enum(['school_uniform', 'blazer', 'hoodie', 'suit', 'kimono', 'dress', 'sweater', 'apron']),
  outfit_color: z.string().regex(/^#[0-9a-f]{6}$/i),
  accessories: z.array(z.enum(['glasses', 'ribbon', 'hairpin', 'earrings', 'scarf', 'headband'])).max(3),
  age: z.enum(['child', 'teen', 'adult', 'elder']),
  gender_presentation: z.enum(['feminine', 'masculine', 'androgynous']),
});
export type Appearance = z.infer<typeof appearanceSchema>;

/** SPEC §3: a character id is valid only if it is a version-4 UUID. */
export function isUuidV4(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(value);
}
