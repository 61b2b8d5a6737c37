import { expect, test, type Page } from '@playwright/test';
import { signedInVerifiedReader } from './support';

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

/** Good CLS per web.dev is ≤ 0.1; /home must stay well inside it. */
const MAX_CLS = 0.05;

declare global {
  interface Window {
    __homeShifts?: Array<{ value: number; hadRecentInput: boolean; sources: string[] }>;
  }
}

/** Records every layout shift from the first byte of each document (buffered, so nothing is missed). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    window.__homeShifts = [];
    new PerformanceObserver((list) => {
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> };
      for (const entry of list.getEntries() as Shift[]) {
        // What moved, to name it when the budget is exceeded.
        const sources = (entry.sources ?? []).map(({ node }) =>
          node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : String(node?.nodeName),
        );
        window.__homeShifts!.push({ value: entry.value, hadRecentInput: entry.hadRecentInput, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Slow answers, as on a real network: the list, the themes and the profile arrive after the first paint. */
async function slowApi(page: Page) {
  await page.route(/\/api\/(stories|stories\/themes|auth\/me)(\?.*)?$/, async (route) => {
    await later(600);
    await route.continue();
  });
}

/** A returning learner's list (six stories), answered late, to measure the load with a full My Stories. */
async function slowStoryList(page: Page) {
  const now = Date.now();
  const stories = Array.from({ length: 6 }, (_, i) => ({
    id: `00000000-0000-4000-8000-00000000000${i}`,
    title: i % 2 ? 'The Last Train' : '夜の図書館',
    language: i % 2 ? 'en' : 'ja',
    level: i % 2 ? 'B1' : 'N4',
    theme: 'mystery',
    status: 'ready',
    scene_number: i + 1,
    location: 'Old library',
    is_ending: false,
    created_at: new Date(now - 86_400_000).toISOString(),
    last_read_at: new Date(now - i * 60_000).toISOString(),
  }));
  await page.route(/\/api\/stories(\?.*)?$/, async (route) => {
    await later(600);
    await route.fulfill({ json: { success: true, data: { stories } } });
  });
}

/** The sum of the layout shifts without recent input since the document started, and what moved. */
async function cumulativeLayoutShift(page: Page): Promise<{ cls: number; moved: string }> {
  // Two frames more, so a shift caused by the last render is reported before reading.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shifts = await page.evaluate(() => (window.__homeShifts ?? []).filter((s) => !s.hadRecentInput));
  return {
    cls: shifts.reduce((sum, s) => sum + s.value, 0),
    moved: shifts.map((s) => `${s.value.toFixed(4)}: ${s.sources.join(', ')}`).join('; '),
  };
}

/** Clicks an option card, as a learner does (the radio inside it is visually hidden). */
async function choose(page: Page, name: string) {
  await page.locator('label.option', { has: page.getByRole('radio', { name, exact: true }) }).click();
}

function expectInView(name: string, box: { y: number; height: number } | null, viewportHeight: number) {
  expect(box, `${name} is rendered`).not.toBeNull();
  expect.soft(box!.y, `${name} starts inside the viewport`).toBeGreaterThanOrEqual(0);
  expect.soft(box!.y + box!.height, `${name} ends inside the viewport`).toBeLessThanOrEqual(viewportHeight);
}

for (const size of sizes) {
  test(`/home at ${size.name} size: creator first, no layout shift, remembered language and level`, async ({ page, request }) => {
    // Five loads of /home, three of them with every call held back 600 ms.
    test.setTimeout(60_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signedInVerifiedReader(page, request);

    // A fresh load of /home, measured from the start.
    await recordLayoutShifts(page);
    await slowApi(page);
    await page.goto('/home');
    const heading = page.getByRole('heading', { name: 'AI-Generated Visual Novels for Language Learning' });
    const languageStep = page.getByRole('group', { name: 'Choose Your Language' });
    await expect(heading).toBeVisible();
    await expect(page.locator('#my-stories')).toContainText('No stories yet.');
    await expect(page.locator('.usage-card')).toContainText('Stories remaining');
    await expect(page.getByRole('radio', { name: 'Romance' })).toBeAttached();
    const { cls, moved } = await cumulativeLayoutShift(page);
    test.info().annotations.push({ type: 'CLS', description: `${size.name}: ${cls.toFixed(4)} (${moved})` });
    if (process.env.HOME_SHOTS_DIR) await page.screenshot({ path: `${process.env.HOME_SHOTS_DIR}/home-${size.name}.png` });

    // The main action is the first thing in view, without scrolling.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expectInView('the creator heading', await heading.boundingBox(), size.height);
    expectInView('the language step', await languageStep.boundingBox(), size.height);
    // The rest comes after it.
    const creatorTop = (await page.locator('#create-story').boundingBox())!.y;
    expect.soft((await page.locator('#my-stories').boundingBox())!.y).toBeGreaterThan(creatorTop);
    expect.soft((await page.locator('.usage-card').boundingBox())!.y).toBeGreaterThan(creatorTop);
    expect.soft(cls, `cumulative layout shift while /home loads (${moved})`).toBeLessThanOrEqual(MAX_CLS);

    // The same load for a learner with a full list of stories.
    await slowStoryList(page);
    await page.reload();
    await expect(page.getByRole('link', { name: /^Continue / })).toHaveCount(6);
    await expect(page.locator('.usage-card')).toContainText('Stories remaining');
    await expect(page.getByRole('radio', { name: 'Romance' })).toBeAttached();
    const withStories = await cumulativeLayoutShift(page);
    test.info().annotations.push({ type: 'CLS', description: `${size.name} with six stories: ${withStories.cls.toFixed(4)} (${withStories.moved})` });
    expect.soft(withStories.cls, `cumulative layout shift while /home loads six stories (${withStories.moved})`).toBeLessThanOrEqual(MAX_CLS);
    await page.unroute(/\/api\/stories(\?.*)?$/);
    expect(test.info().errors).toEqual([]);

    // The last language and level are remembered in this browser and chosen again after a reload.
    await choose(page, 'English');
    await choose(page, 'B2 Upper Intermediate');
    await page.reload();
    await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'B2 Upper Intermediate' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Select a Story Theme' })).toBeDisabled();
    if (process.env.HOME_SHOTS_DIR) await page.screenshot({ path: `${process.env.HOME_SHOTS_DIR}/home-${size.name}-remembered.png` });

    // Changing them updates the memory.
    await choose(page, 'Japanese');
    await expect(page.getByRole('radio', { name: 'N4 Elementary' })).not.toBeChecked();
    await choose(page, 'N4 Elementary');
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Japanese' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'N4 Elementary' })).toBeChecked();
  });
}
