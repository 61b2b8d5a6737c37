import { availableParallelism } from 'node:os';
import { renderAsync } from '@resvg/resvg-js';

/**
 * Renders run on libuv's thread pool, so a 100–300 ms render does not stall the event loop; but a burst of
 * them (a crowd starting stories draws hundreds of sprites) would take every core from the event loops that
 * deliver lines. At most half the cores render at once, and a background, which the reader's first line waits
 * for, goes before the sprites waiting.
 */
const MAX_RENDERS = Math.max(1, Math.floor(availableParallelism() / 2));
let active = 0;
const waiting: { first: (() => void)[]; later: (() => void)[] } = { first: [], later: [] };

function slot(priority: 'first' | 'later'): Promise<void> {
  if (active < MAX_RENDERS) {
    active++;
    return Promise.resolve();
  }
  return new Promise((resolve) => waiting[priority].push(resolve));
}

function release() {
  const next = waiting.first.shift() ?? waiting.later.shift();
  if (next) next();
  else active--;
}

export async function svgToPng(svg: string, priority: 'first' | 'later' = 'first'): Promise<Buffer> {
  await slot(priority);
  try {
    return (await renderAsync(svg, { font: { loadSystemFonts: false } })).asPng();
  } finally {
    release();
  }
}
