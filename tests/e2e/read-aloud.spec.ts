import { expect, test, type Page } from '@playwright/test';
import { createStory, signedInVerifiedReader } from './support';

/**
 * Read-aloud with a scripted stand-in for the browser's speech synthesis: it offers the voices a test asks
 * for and records every utterance (text, lang, voice, rate) in `window.spoken`, ending each at once.
 */
async function scriptSpeech(page: Page, voices: { name: string; lang: string; default?: boolean }[]) {
  await page.addInitScript((list) => {
    const spoken: { text: string; lang: string; voice: string | null; rate: number }[] = [];
    (window as unknown as { spoken: typeof spoken }).spoken = spoken;
    class Utterance {
      lang = '';
      voice: { name: string } | null = null;
      rate = 1;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(public text: string) {}
    }
    const fakeVoices = list.map((v) => ({ ...v, voiceURI: v.name, localService: true, default: v.default ?? false }));
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
    Object.defineProperty(window, 'speechSynthesis', {
      configurable: true,
      value: {
        getVoices: () => fakeVoices,
        speak(u: Utterance) {
          spoken.push({ text: u.text, lang: u.lang, voice: u.voice?.name ?? null, rate: u.rate });
          setTimeout(() => u.onend?.(), 0);
        },
        cancel() {},
        addEventListener() {},
        removeEventListener() {},
      },
    });
  }, voices);
}

const spoken = (page: Page) => page.evaluate(() => (window as unknown as { spoken: { text: string; lang: string; voice: string | null; rate: number }[] }).spoken);
const liveLine = (page: Page) => page.locator('.reader-live');

/** Shows the whole line, then moves to the next one. */
async function advance(page: Page) {
  const before = await liveLine(page).textContent();
  for (let i = 0; i < 4 && (await liveLine(page).textContent()) === before; i++) {
    await page.locator('.reader-stage').click({ position: { x: 200, y: 200 } });
    await page.waitForTimeout(200);
  }
}

/** The line's text as the story has it: the live region reads "Speaker: text". */
async function currentText(page: Page) {
  const live = (await liveLine(page).textContent()) ?? '';
  return live.replace(/^[^:：]{1,20}: /, '');
}

test('a line is read aloud in Japanese from its text, on request, as each line appears, and from the backlog', async ({ page, request }) => {
  test.setTimeout(90_000);
  await scriptSpeech(page, [
    { name: 'Daniel', lang: 'en-GB' },
    { name: 'Kyoko', lang: 'ja-JP', default: true },
  ]);
  await signedInVerifiedReader(page, request, 'Aiko');
  await createStory(page, 'Japanese', /N5 Beginner/, 'Slice of Life');

  await page.getByRole('button', { name: 'Listen' }).click();
  const first = await currentText(page);
  await expect.poll(() => spoken(page)).toHaveLength(1);
  // The plain line, never the furigana, in the Japanese voice.
  expect((await spoken(page))[0]).toMatchObject({ text: first, lang: 'ja-JP', voice: 'Kyoko', rate: 1 });

  // Auto-read, at a slower speed: every new line is read as it appears.
  await page.keyboard.press('s');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByLabel('Read each new line aloud').check();
  await settings.getByRole('slider', { name: 'Speed', exact: true }).fill('0.8');
  await page.keyboard.press('Escape');
  // A click on the stage reads on (focus may be on a toolbar button now, where Space would press it).
  await advance(page);
  await expect(liveLine(page)).not.toHaveText(first);
  const second = await currentText(page);
  await expect.poll(async () => (await spoken(page)).some((u) => u.text === second && u.rate === 0.8)).toBe(true);

  // R reads the line again; the backlog reads any line.
  const before = (await spoken(page)).length;
  await page.keyboard.press('r');
  await expect.poll(async () => (await spoken(page)).length).toBe(before + 1);
  await page.keyboard.press('h');
  await page.getByRole('dialog', { name: 'Story Backlog' }).getByRole('button', { name: 'Read this line aloud' }).first().click();
  await expect.poll(async () => (await spoken(page)).at(-1)?.text).toBe(first);
});

test('without a voice for the language, the controls say so and reading goes on', async ({ page, request }) => {
  await scriptSpeech(page, [{ name: 'Daniel', lang: 'en-GB', default: true }]);
  await signedInVerifiedReader(page, request, 'Ren');
  await createStory(page, 'Japanese', /N5 Beginner/, 'Slice of Life');
  const listen = page.getByRole('button', { name: 'Listen' });
  await expect(listen).toBeDisabled();
  await expect(listen).toHaveAttribute('title', 'This browser has no Japanese voice to read with');
  await page.keyboard.press('s');
  await expect(page.getByRole('dialog', { name: 'Settings' }).getByText('This browser has no Japanese voice')).toBeVisible();
  await page.keyboard.press('Escape');
  const first = await liveLine(page).textContent();
  await advance(page);
  await expect(liveLine(page)).not.toHaveText(first!);
  expect(await spoken(page)).toEqual([]);
});
