import type { Page } from '@playwright/test';
import type { StoryDetail } from '../../src/shared/story-views';

/** Lines far longer than the dialogue box (about 114 Japanese characters), as a model may write them. */
export const JA_LINE =
  '駅前の古い喫茶店は、朝七時に開く。店主の佐藤さんは毎朝六時に来て、豆をひいて、窓をふいて、入り口の小さな黒板に今日のおすすめを書く。' +
  '今日は「りんごのケーキと温かい紅茶」だった。最初の客はいつも同じ、近くの病院で働く看護師の田中さんで、夜の仕事が終わったあと、窓ぎわの席で静かに本を読む。' +
  '佐藤さんは何も聞かずにいつもの紅茶を出し、田中さんは小さく頭を下げる。二人はほとんど話さないが、雨の日には佐藤さんがタオルを一枚テーブルに置いておく。' +
  'それがこの店の、言葉のない約束だった。そして今朝、田中さんは初めて本を閉じて、佐藤さんに話しかけた。' +
  '「いつもありがとうございます。実は、来月この町を出ることになりました」';
export const EN_LINE =
  'The night train from the coast was already forty minutes late when Maya finally found an empty seat, ' +
  'pushed her wet umbrella under the table, and opened the letter her grandmother had left for her. ' +
  'It was three pages long, written in small careful handwriting, and it began with an apology for all the things ' +
  'the old woman had never said aloud: the house by the lighthouse, the brother nobody talked about, and the reason ' +
  'the family had moved inland one winter without telling anyone in the village where they were going. ' +
  'Maya read the first page twice, folded it, and looked out at the dark fields rushing past, wondering whether ' +
  'anyone in that village still remembered her name.';

/**
 * A story the test writes itself, for lines no storyteller here writes (far longer than the box): the story
 * calls and the story socket are answered in the page, in the protocol's own shapes, so the reader runs as it
 * does against the server.
 */
export const STORED_STORY_ID = '5d1f0c2e-7b4a-4c1d-9e8f-2a3b4c5d6e7f';
const SCENE_ID = '8e7d6c5b-4a39-4821-9f0e-1d2c3b4a5f6e';

/** A finished one-scene story whose second line is `text`, narration, with furigana from `html` when given. */
export function storyWith(language: 'ja' | 'en', text: string, html = text): StoryDetail {
  const line = (index: number, words: string) => ({
    index, speaker: index === 1 ? '' : 'Mio', text: words, html_text: index === 1 ? html : words, emotion: 'neutral' as const, character_id: null, new_words: [],
  });
  return {
    id: STORED_STORY_ID, title: 'Long Lines', language, level: language === 'ja' ? 'N4' : 'B1', theme: 'slice_of_life', status: 'ready',
    characters: [],
    current_scene: {
      scene_id: SCENE_ID, story_id: STORED_STORY_ID, scene_number: 1, generation_id: 'g-long', status: 'complete',
      setting: { location: 'a quiet cafe', time_of_day: 'morning', weather: 'rain', atmosphere: 'calm' }, scene_image_url: null,
      dialogue: [line(0, language === 'ja' ? 'おはようございます。' : 'Good morning.'), line(1, text), line(2, language === 'ja' ? 'はい。' : 'Yes.')],
      choices: [], is_ending: true, ending_title: 'The End', read_to: -1,
    },
    position: null,
  };
}

/** Answers the reader's calls for the stored story in the page, and keeps its socket open and quiet. */
export async function serveStory(page: Page, story: StoryDetail) {
  await page.route(`**/api/stories/${STORED_STORY_ID}/history**`, (route) => route.fulfill({ json: { success: true, data: { scenes: [], more: false } } }));
  await page.route(`**/api/stories/${STORED_STORY_ID}`, (route) => route.fulfill({ json: { success: true, data: story } }));
  await page.routeWebSocket(/\/ws\/story\//, (socket) => {
    socket.send(JSON.stringify({ type: 'connected', event_id: 0, data: { connection_id: 'stored-story' } }));
    socket.onMessage((raw) => {
      if (JSON.parse(String(raw)).type === 'ping') socket.send(JSON.stringify({ type: 'pong', event_id: 0, data: {} }));
    });
  });
}

