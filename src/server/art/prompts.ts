import type { Appearance, Emotion, Setting } from '../../shared/art';

const STYLE = 'anime visual novel art, clean lines, soft cel shading, high detail';

export function backgroundPrompt(setting: Setting, archetypeId: string): string {
  return [
    `Visual novel background, ${setting.location} (${archetypeId.replace(/_/g, ' ')}),`,
    `${setting.time_of_day}, ${setting.weather} weather, ${setting.atmosphere} atmosphere.`,
    `Wide 16:9 establishing shot with depth, no people, no text, no watermark. ${STYLE}.`,
  ].join(' ');
}

/** The same description for every emotion, so the model draws the same person each time. */
export function characterDescription(appearance: Appearance): string {
  const accessories = appearance.accessories.length ? `, wearing ${appearance.accessories.join(' and ')}` : '';
  return [
    `${appearance.age} ${appearance.gender_presentation} character`,
    `${appearance.hair_style.replace('_', ' ')} hair of colour ${appearance.hair_color}`,
    `eyes of colour ${appearance.eye_color}, skin tone ${appearance.skin_tone}`,
    `${appearance.outfit.replace('_', ' ')} in ${appearance.outfit_color}${accessories}`,
  ].join(', ');
}

export function spritePrompt(appearance: Appearance, emotion: Emotion): string {
  return `Half-body visual novel character sprite, facing the viewer, ${characterDescription(appearance)}, ${emotion} expression. Transparent background, no text, ${STYLE}.`;
}
