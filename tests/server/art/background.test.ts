import { describe as describeAll, expect, it } from 'vitest';

// Pure rendering needs no database: run it once, not again in the PostgreSQL pass.
const describe = describeAll.skipIf(process.env.TEST_DB === 'postgres');
import { TIMES_OF_DAY, WEATHERS, normalizeSetting } from '../../../src/shared/art';
import { ARCHETYPES } from '../../../src/server/art/archetypes/index';
import { backgroundSvg } from '../../../src/server/art/background';
import { svgToPng } from '../../../src/server/art/rasterise';
import { differingShare, pngSize } from './pixels';

const setting = (overrides: Partial<{ time_of_day: string; weather: string; atmosphere: string }> = {}) =>
  normalizeSetting({ location: 'classroom', ...overrides });

describe('settings', () => {
  it('fills the spec defaults and reads free words in both languages', () => {
    expect(normalizeSetting({ location: '教室' })).toEqual({
      location: '教室',
      time_of_day: 'day',
      weather: 'clear',
      atmosphere: 'neutral',
    });
    expect(normalizeSetting({ location: 'x', time_of_day: 'late at night', weather: 'heavy rain' })).toMatchObject({
      time_of_day: 'night',
      weather: 'rain',
    });
    expect(normalizeSetting({ location: 'x', time_of_day: '夕方', weather: '雪' })).toMatchObject({
      time_of_day: 'evening',
      weather: 'snow',
    });
  });
});

describe('procedural backgrounds', () => {
  it('draws every archetype at every hour as a 1280×720 PNG', async () => {
    for (const archetype of ARCHETYPES) {
      for (const time of TIMES_OF_DAY) {
        const png = await svgToPng(backgroundSvg(setting({ time_of_day: time }), archetype));
        expect(pngSize(png), `${archetype.id} at ${time}`).toEqual({ width: 1280, height: 720 });
      }
    }
  }, 60_000);

  it('draws every weather', async () => {
    const [archetype] = ARCHETYPES;
    const clear = await svgToPng(backgroundSvg(setting(), archetype!));
    for (const weather of WEATHERS.filter((w) => w !== 'clear')) {
      const png = await svgToPng(backgroundSvg(setting({ weather }), archetype!));
      expect(differingShare(clear, png), weather).toBeGreaterThan(0.05);
    }
  });

  it('is deterministic for the same input and varies with the hour and the mood', async () => {
    const archetype = ARCHETYPES.find((a) => a.id === 'park')!;
    expect(backgroundSvg(setting(), archetype)).toBe(backgroundSvg(setting(), archetype));
    const day = await svgToPng(backgroundSvg(setting(), archetype));
    const night = await svgToPng(backgroundSvg(setting({ time_of_day: 'night' }), archetype));
    const tense = await svgToPng(backgroundSvg(setting({ atmosphere: 'tense' }), archetype));
    expect(differingShare(day, night)).toBeGreaterThan(0.5);
    expect(differingShare(day, tense)).toBeGreaterThan(0.05);
  });

  it('tells the archetypes apart', async () => {
    const pngs = await Promise.all(ARCHETYPES.map((archetype) => svgToPng(backgroundSvg(setting(), archetype))));
    for (let i = 1; i < pngs.length; i++) {
      expect(differingShare(pngs[0]!, pngs[i]!), ARCHETYPES[i]!.id).toBeGreaterThan(0.2);
    }
  });
});
