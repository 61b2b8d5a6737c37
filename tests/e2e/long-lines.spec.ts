import { expect, test, type Page } from '@playwright/test';
import { sceneGeometry } from '../../src/engine/scene-geometry';
import { designToCss, fitStage } from '../../src/engine/stage-fit';
import type { StoryDetail } from '../../src/shared/story-views';
import { signedInVerifiedReader } from './support';

/**
 * Lines far longer than the dialogue box, as a model may write them: the reader is given a stored scene with
 * a 300-character Japanese line and a 600-character English line (the story calls and the story socket are
 * answered in the page, in the protocol's own shapes), and reads them page by page.
 */
const JA_LINE =
  '駅前の古い喫茶店は、朝七時に開く。店主の佐藤さんは毎朝六時に来て、豆をひいて、窓をふいて、入り口の小さな黒板に今日のおすすめを書く。' +
  '今日は「りんごのケーキと温かい紅茶」だった。最初の客はいつも同じ、近くの病院で働く看護師の田中さんで、夜の仕事が終わったあと、窓ぎわの席で静かに本を読む。' +
  '佐藤さんは何も聞かずにいつもの紅茶を出し、田中さんは小さく頭を下げる。二人はほとんど話さないが、雨の日には佐藤さんがタオルを一枚テーブルに置いておく。' +
  'それがこの店の、言葉のない約束だった。そして今朝、田中さんは初めて本を閉じて、佐藤さんに話しかけた。' +
  '「いつもありがとうございます。実は、来月この町を出ることになりました」';
const EN_LINE =
  'The night train from the coast was already forty minutes late when Maya finally found an empty seat, ' +
  'pushed her wet umbrella under the table, and opened the letter her grandmother had left for her. ' +
  'It was three pages long, written in small careful handwriting, and it began with an apology for all the things ' +
  'the old woman had never said aloud: the house by the lighthouse, the brother nobody talked about, and the reason ' +
  'the family had moved inland one winter without telling anyone in the village where they were going. ' +
  'Maya read the first page twice, folded it, and looked out at the dark fields rushing past, wondering whether ' +
  'anyone in that village still remembered her name.';

const STORY_ID = '5d1f0c2e-7b4a-4c1d-9e8f-2a3b4c5d6e7f';
const SCENE_ID = '8e7d6c5b-4a39-4821-9f0e-1d2c3b4a5f6e';

function storyWith(language: 'ja' | 'en', text: string): StoryDetail {
  const line = (index: number, words: string) => ({
    index, speaker: index === 1 ? '' : 'Mio', text: words, html_text: words, emotion: 'neutral', character_id: null, new_words: [],
  });
  return {
    id: STORY_ID, title: 'Long Lines', language, level: language === 'ja' ? 'N4' : 'B1', theme: 'slice_of_life', status: 'ready',
    characters: [],
    current_scene: {
      scene_id: SCENE_ID, story_id: STORY_ID, scene_number: 1, generation_id: 'g-long', status: 'complete',
      setting: { location: 'a quiet cafe', time_of_day: 'morning', weather: 'rain', atmosphere: 'calm' }, scene_image_url: null,
      dialogue: [line(0, language === 'ja' ? 'おはようございます。' : 'Good morning.'), line(1, text), line(2, language === 'ja' ? 'はい。' : 'Yes.')],
      choices: [], is_ending: true, ending_title: 'The End', read_to: -1,
    },
    position: null,
  };
}

/** Answers the reader's calls for the stored story in the page, and keeps its socket open and quiet. */
async function serveStory(page: Page, story: StoryDetail) {
  await page.route(`**/api/stories/${STORY_ID}/history**`, (route) => route.fulfill({ json: { success: true, data: { scenes: [], more: false } } }));
  await page.route(`**/api/stories/${STORY_ID}`, (route) => route.fulfill({ json: { success: true, data: story } }));
  await page.routeWebSocket(/\/ws\/story\//, (socket) => {
    socket.send(JSON.stringify({ type: 'connected', event_id: 0, data: { connection_id: 'long-lines' } }));
    socket.onMessage((raw) => {
      if (JSON.parse(String(raw)).type === 'ping') socket.send(JSON.stringify({ type: 'pong', event_id: 0, data: {} }));
    });
  });
}

const noSpace = (text: string) => text.replace(/\s+/g, '');

/** Reads the long line page by page; every page's glyphs lie inside the dialogue panel. Resolves with the pages' text. */
async function readPages(page: Page, viewport: { width: number; height: number }) {
  const fit = fitStage(viewport);
  const panel = designToCss(fit, sceneGeometry(fit.orientation).box);
  const hint = page.locator('.dialogue-hint');
  const pages: string[] = [];
  for (let turn = 0; turn < 12; turn++) {
    // A press while the page types shows the rest of the page, never more.
    if (/to skip/.test((await hint.textContent()) ?? '')) await page.keyboard.press('Space');
    await expect(hint).toContainText(/for the rest of the line|to continue/, { timeout: 20_000 });
    const boxes = await page.locator('.text-layer > span:not(.text-layer-gap)').evaluateAll((spans) => spans.map((s) => s.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(panel.x);
      expect(box.right).toBeLessThanOrEqual(panel.x + panel.width + 0.5);
      expect(box.top).toBeGreaterThanOrEqual(panel.y);
      expect(box.bottom).toBeLessThanOrEqual(panel.y + panel.height + 0.5);
    }
    pages.push((await page.locator('.text-layer').textContent()) ?? '');
    if (/to continue/.test((await hint.textContent()) ?? '')) return pages;
    await page.keyboard.press('Space');
    await expect(hint).toContainText(/to skip|to continue/);
  }
  throw new Error('the line never ended');
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 720 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const [language, text] of [['ja', JA_LINE], ['en', EN_LINE]] as const) {
      test(`a ${text.length}-character ${language === 'ja' ? 'Japanese' : 'English'} line reads cleanly in pages, whole in the backlog`, async ({ page, request }) => {
        expect(text.length).toBeGreaterThanOrEqual(language === 'ja' ? 300 : 600);
        test.setTimeout(90_000);
        await signedInVerifiedReader(page, request, 'Mio');
        await serveStory(page, storyWith(language, text));
        await page.goto(`/reader/${STORY_ID}`);
        const live = page.locator('.reader-live');
        await expect(live).toHaveText(/^Mio: /);
        const hint = page.locator('.dialogue-hint');
        await expect(hint).toContainText(/to skip|to continue/);
        if (/to skip/.test((await hint.textContent()) ?? '')) await page.keyboard.press('Space');
        await expect(hint).toContainText('to continue');
        await page.keyboard.press('Space');
        await expect(live).toHaveText(text);

        const pages = await readPages(page, viewport);
        expect(pages.length).toBeGreaterThan(1);
        // Every character once, in order, across the pages.
        expect(noSpace(pages.join(''))).toBe(noSpace(text));
        await page.screenshot({ path: test.info().outputPath(`last-page-${language}.png`) });

        await page.keyboard.press('Space');
        await expect(live).toHaveText(/^Mio: /);
        await page.keyboard.press('h');
        await expect(page.getByRole('dialog', { name: 'Story Backlog' }).getByText(text)).toBeVisible();
      });
    }
  });
}
