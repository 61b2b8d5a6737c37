import { park } from './park';
import type { Archetype } from './types';

/** Every place the procedural renderer can draw. Order matters only for keyword ties: earlier wins. */
export const ARCHETYPES: Archetype[] = [park];
