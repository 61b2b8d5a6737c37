/**
 * Backdrops painted in code for the background states that have no picture: a calm dusk gradient behind the
 * loading pulse and a darker one behind the "no background" notices. A small canvas stretched over the
 * stage: gradients have no detail to lose, and the 2D canvas draws smooth ones with any renderer.
 */
import { CanvasSource, Texture } from 'pixi.js';

export type BackdropTone = 'loading' | 'notice';

const TONES: Record<BackdropTone, { top: string; bottom: string; glow: string }> = {
  loading: { top: '#1c2140', bottom: '#3b2f52', glow: 'rgba(164, 150, 230, 0.28)' },
  notice: { top: '#12141f', bottom: '#232637', glow: 'rgba(120, 128, 170, 0.16)' },
};

export function backdropTexture(tone: BackdropTone): Texture {
  const width = 320;
  const height = 320;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    const { top, bottom, glow } = TONES[tone];
    const linear = ctx.createLinearGradient(0, 0, 0, height);
    linear.addColorStop(0, top);
    linear.addColorStop(1, bottom);
    ctx.fillStyle = linear;
    ctx.fillRect(0, 0, width, height);
    // A soft light above the centre, so the panel reads as a space rather than a flat fill.
    const radial = ctx.createRadialGradient(width / 2, height * 0.38, 0, width / 2, height * 0.38, width * 0.62);
    radial.addColorStop(0, glow);
    radial.addColorStop(1, 'rgba(0, 0, 0, 0)');
    ctx.fillStyle = radial;
    ctx.fillRect(0, 0, width, height);
  }
  return new Texture({ source: new CanvasSource({ resource: canvas, label: `backdrop-${tone}` }) });
}
