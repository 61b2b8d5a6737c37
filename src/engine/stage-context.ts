/** What every layer needs to know about the stage it is drawn on, refreshed on each resize. */
import type { StageFit } from './stage-fit';

export interface StageContext {
  fit: StageFit;
  /** Device pixels per CSS px. */
  resolution: number;
  /** The reader asked for less motion: no blinking, pulsing, rising or sinking; fades stay. */
  reducedMotion: boolean;
}
