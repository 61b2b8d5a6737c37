import type { Setting } from '../../shared/art';
import { ARCHETYPES } from './archetypes/index';
import type { Archetype } from './archetypes/types';
import { atmosphereOverlay } from './atmosphere';
import { seededRng } from './random';
import { createSceneContext, H, W, weatherAndLightOverlay } from './scene-kit';

export function findArchetype(id: string): Archetype {
  const archetype = ARCHETYPES.find((candidate) => candidate.id === id);
  if (!archetype) throw new Error(`unknown archetype ${id}`);
  return archetype;
}

/** The whole backdrop as SVG: the place, its weather and hour, and the mood. Same input, same picture. */
export function backgroundSvg(setting: Setting, archetype: Archetype): string {
  const seed = `${archetype.id}|${setting.location}|${setting.time_of_day}|${setting.weather}|${setting.atmosphere}`;
  const ctx = createSceneContext(seededRng(seed), setting.time_of_day, setting.weather, archetype.indoor);
  const body = archetype.draw(ctx) + weatherAndLightOverlay(ctx) + atmosphereOverlay(setting.atmosphere, ctx.uid);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}
