/**
 * Each part of the stage's React tree on its own (fixture/layers.tsx), read back from the Pixi scene it makes:
 * the background's states and cross-fade, the sprites' entrances, swaps, exits and fallback, the dialogue box's
 * typewriter, pages and hiding, the panel, the name plate and the continue mark.
 */
import { expect, test, type Page } from '@playwright/test';
import { startFixtureServer, type FixtureServer } from './fixture-server';

let fixture: FixtureServer;
test.beforeAll(async () => {
  fixture = await startFixtureServer();
});
test.afterAll(async () => {
  await fixture?.close();
});

async function open(page: Page, query = '?still') {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${fixture.url}layers.html${query}`);
  await page.waitForFunction(() => !!window.layers);
}

async function show(page: Page, part: string, props: object) {
  await page.evaluate(([name, values]) => window.layers.show(name as string, values as object), [part, props] as const);
}

const settle = (page: Page) => page.evaluate(() => window.layers.settled());

/**
 * Shows `props` and counts the objects of `type` on every frame: the most seen at once, watched until a
 * second one has come and gone again (a picture may take a while to load), or for `ms` at most.
 */
async function mostAtOnce(page: Page, part: string, props: object, type: string, ms = 10_000) {
  return page.evaluate(
    async ([name, values, kind, duration]) => {
      window.layers.show(name as string, values as object);
      let most = 0;
      const count = (node: import('pixi.js').Container): number => (node.constructor.name === kind ? 1 : 0) + node.children.reduce((sum, child) => sum + count(child), 0);
      const end = performance.now() + (duration as number);
      while (performance.now() < end) {
        const now = count(window.layers.app!.stage);
        most = Math.max(most, now);
        if (most > 1 && now <= 1) break;
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      return most;
    },
    [part, props, type, ms] as const,
  );
}

/** What the scene holds: every object's class, label, alpha, visibility and size, depth first. */
function scene(page: Page) {
  return page.evaluate(() => {
    const list: { type: string; label: string; alpha: number; visible: boolean; x: number; y: number; width: number; height: number; texture?: string; text?: string }[] = [];
    const walk = (node: import('pixi.js').Container) => {
      const bounds = node.getBounds();
      const texture = (node as import('pixi.js').Sprite).texture;
      list.push({
        type: node.constructor.name,
        label: node.label,
        alpha: node.alpha,
        visible: node.visible,
        x: bounds.x,
        y: bounds.y,
        width: bounds.width,
        height: bounds.height,
        texture: texture && 'source' in texture ? (texture.source.label ?? texture.label) : undefined,
        text: (node as import('pixi.js').Text).text,
      });
      for (const child of node.children) walk(child);
    };
    walk(window.layers.app!.stage);
    return list;
  });
}

test('the background shows a picture, cross-fades to the next, and shows a notice for one that fails', async ({ page }) => {
  await open(page);
  const urls = await page.evaluate(() => window.layers.images);
  await show(page, 'background', { view: { state: 'loaded', url: urls.parkDay } });
  await settle(page);
  const pictures = (await scene(page)).filter((n) => n.label === 'cover-sprite');
  expect(pictures).toHaveLength(1);
  expect(pictures[0]!.texture).toBe(urls.parkDay);
  expect(pictures[0]!.width).toBeGreaterThan(1000);

  // Both pictures are on the stage while the new one fades in over the old.
  expect(await mostAtOnce(page, 'background', { view: { state: 'loaded', url: urls.classroomEvening } }, 'CoverSprite')).toBe(2);
  await settle(page);
  await expect.poll(async () => (await scene(page)).filter((n) => n.label === 'cover-sprite').map((n) => n.texture)).toEqual([urls.classroomEvening]);

  await show(page, 'background', { view: { state: 'loaded', url: '/images/none.png' } });
  await settle(page);
  await expect.poll(async () => (await scene(page)).filter((n) => n.type === 'Text').map((n) => n.text)).toEqual(['Background could not be loaded']);

  await show(page, 'background', { view: { state: 'missing', location: 'the harbour', time: 'night' } });
  await settle(page);
  await expect
    .poll(async () => (await scene(page)).filter((n) => n.type === 'Text').map((n) => n.text))
    .toEqual(['Background Not Available', 'Missing background for the harbour at night']);
});

test('the loading placeholder pulses its three dots; waiting shows the backdrop alone', async ({ page }) => {
  await open(page, '');
  await show(page, 'background', { view: { state: 'loading' } });
  await settle(page);
  const dots = async () => (await scene(page)).filter((n) => n.type === 'Graphics').map((n) => n.alpha);
  expect(await dots()).toHaveLength(3);
  const before = await dots();
  await page.waitForTimeout(200);
  expect(await dots()).not.toEqual(before);
  await show(page, 'background', { view: { state: 'waiting' } });
  await settle(page);
  await expect.poll(async () => (await dots()).length).toBe(0);
});

test('sprites: a character enters, changes expression in place, falls back to neutral, and leaves', async ({ page }) => {
  await open(page);
  const urls = await page.evaluate(() => window.layers.images);
  const sprites = async () => (await scene(page)).filter((n) => n.type === 'Sprite').map((n) => ({ texture: n.texture, alpha: n.alpha, x: Math.round(n.x) }));
  await show(page, 'sprites', { view: { key: 'yui', url: urls.yuiNeutral, fallbackUrl: urls.yuiNeutral } });
  await settle(page);
  const [entered] = await sprites();
  expect(entered).toMatchObject({ texture: urls.yuiNeutral, alpha: 1 });

  // The new expression fades in over the old one, both on the stage meanwhile.
  expect(await mostAtOnce(page, 'sprites', { view: { key: 'yui', url: urls.yuiHappy, fallbackUrl: urls.yuiNeutral } }, 'Sprite')).toBe(2);
  await settle(page);
  await expect.poll(sprites).toEqual([{ texture: urls.yuiHappy, alpha: 1, x: entered!.x }]);

  await show(page, 'sprites', { view: { key: 'ben', url: '/images/no-such-sprite.png', fallbackUrl: urls.benNeutral } });
  await settle(page);
  await expect.poll(async () => (await sprites()).map((s) => s.texture)).toEqual([urls.benNeutral]);

  await show(page, 'sprites', { view: null });
  await settle(page);
  await expect.poll(sprites).toEqual([]);
});

test('the dialogue box types a line at the set speed, pages a long one, marks its end and hides', async ({ page }) => {
  await open(page);
  const line = (id: string, text: string, speaker: string | null = 'ゆい') => ({ id, speaker, text, language: 'ja', rubyRoom: true, instant: false });
  await show(page, 'dialogue', { line: line('a', 'あいうえおかきくけこさしすせそ'.repeat(3)), textSpeed: 20, indicator: 'more' });
  await expect.poll(() => page.evaluate(() => window.layers.reader.revealed)).toBeGreaterThan(0);
  const typed = await page.evaluate(async () => {
    const start = { revealed: window.layers.reader.revealed, at: performance.now() };
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { characters: window.layers.reader.revealed - start.revealed, elapsed: performance.now() - start.at };
  });
  // 20 characters a second, whatever the frames.
  expect(typed.characters).toBeGreaterThanOrEqual(Math.floor(typed.elapsed / 50) - 1);
  expect(typed.characters).toBeLessThanOrEqual(Math.ceil(typed.elapsed / 50) + 1);
  const marks = async () => (await scene(page)).filter((n) => n.label === 'continue-indicator').map((n) => n.visible);
  expect(await marks()).toEqual([false]);
  await page.evaluate(() => window.layers.reader.revealAll());
  await settle(page);
  expect(await page.evaluate(() => window.layers.reader.complete)).toBe(true);
  await expect.poll(marks).toEqual([true]);
  // The name plate's glyphs and the line's.
  const texts = async () => (await scene(page)).filter((n) => n.label === 'glyph-text').length;
  expect(await texts()).toBe(2);

  await show(page, 'dialogue', { line: line('b', 'ながい'.repeat(80), null), textSpeed: 1000, indicator: 'last' });
  await settle(page);
  const first = await page.evaluate(() => window.layers.reader.geometry()!.glyphs.at(-1)!.end);
  expect(first).toBeLessThan(240);
  expect(await page.evaluate(() => window.layers.reader.complete)).toBe(false);
  expect(await texts()).toBe(1);
  await page.evaluate(() => window.layers.reader.revealAll());
  await settle(page);
  expect(await page.evaluate(() => window.layers.reader.geometry()!.glyphs[0]!.start)).toBe(first);

  await show(page, 'dialogue', { line: line('b', 'ながい'.repeat(80), null), textSpeed: 1000, indicator: 'last', hidden: true });
  await settle(page);
  expect((await scene(page)).filter((n) => n.type === 'Container' && !n.visible)).toHaveLength(1);
});

test('the panel fills the design box; the name plate fits its name; the continue mark sits where it is told', async ({ page }) => {
  await open(page);
  await show(page, 'panel', {});
  await settle(page);
  const panel = (await scene(page)).find((n) => n.type === 'Graphics')!;
  // The landscape design box, 1280 px wide at this size, less its margins.
  expect(panel.width).toBeGreaterThan(1100);
  expect(panel.y).toBeGreaterThan(720 / 2);

  await show(page, 'name-plate', { speaker: 'ゆい' });
  await settle(page);
  const nodes = await scene(page);
  const pill = nodes.find((n) => n.type === 'Graphics')!;
  const name = nodes.find((n) => n.label === 'glyph-text')!;
  expect(pill.width).toBeGreaterThanOrEqual(pill.height * 2.4 - 1);
  expect(name.x).toBeGreaterThan(pill.x);
  expect(name.x + name.width).toBeLessThan(pill.x + pill.width);

  await show(page, 'continue-indicator', { mark: { kind: 'last', x: 300, y: 200, fontSize: 30 } });
  await settle(page);
  const mark = (await scene(page)).find((n) => n.label === 'continue-indicator')!;
  expect(mark.visible).toBe(true);
  expect(Math.round(mark.x)).toBe(300);
  expect(Math.abs(mark.y + mark.height / 2 - 200)).toBeLessThan(4);
  await show(page, 'continue-indicator', { mark: null });
  await settle(page);
  expect((await scene(page)).find((n) => n.label === 'continue-indicator')!.visible).toBe(false);
});
