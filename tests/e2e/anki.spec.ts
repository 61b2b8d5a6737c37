import { expect, test, type Page } from '@playwright/test';
import { startAnkiConnectFake, type AnkiConnectFake } from '../support/anki-connect-fake';
import { createStory, readTo, signedInVerifiedReader } from './support';

// The browser talks to AnkiConnect's own address (127.0.0.1:8765), as it would on a learner's computer: the fake
// listens there, one test at a time.
test.describe.configure({ mode: 'serial' });

const ANKI_PORT = 8765;
const decks = [{ name: 'Japanese::Mining', cards: [] }];

let fake: AnkiConnectFake | null = null;
test.afterEach(async () => {
  await fake?.close();
  fake = null;
});


async function openWord(page: Page, surface: string) {
  await page.getByRole('button', { name: new RegExp(`^Word: ${surface} \\(`) }).click();
  const popup = page.getByRole('dialog', { name: surface });
  await expect(popup.getByRole('button', { name: 'Save for review' })).toBeVisible();
  return popup;
}

test('Add to Anki sends the word with its sentence and story to the deck chosen in Settings, once', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  fake = await startAnkiConnectFake({ decks, webCorsOriginList: [new URL(baseURL!).origin], port: ANKI_PORT });
  await signedInVerifiedReader(page, request, 'Nao');
  await createStory(page, 'Japanese', /N5/, 'Slice of Life');

  // Settings › Anki: connect, then the deck and the note type from the learner's own Anki.
  await page.keyboard.press('s');
  const anki = page.getByRole('group', { name: 'Anki' });
  await anki.getByRole('button', { name: 'Connect to Anki' }).click();
  await anki.getByLabel('Deck').selectOption('Japanese::Mining');
  await anki.getByLabel('Note type').selectOption('Basic');
  const fields = anki.getByRole('group', { name: 'Fields of Basic' });
  await expect(fields.getByLabel('Front')).toHaveValue('word');
  await expect(fields.getByLabel('Back')).toHaveValue('meaning');
  await anki.getByRole('button', { name: 'Done' }).click();
  await expect(anki).toContainText('Adds to Japanese::Mining as Basic');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: /^Vocabulary/ }).click();
  await readTo(page, '駅の近くにコンビニ');
  let popup = await openWord(page, '駅');
  await popup.getByRole('button', { name: 'Add to Anki' }).click();
  await expect(popup.getByText('In Anki')).toBeVisible();
  expect(fake.addedNotes).toHaveLength(1);
  expect(fake.addedNotes[0]).toMatchObject({ deckName: 'Japanese::Mining', modelName: 'Basic', tags: ['kotoba-tales'] });
  expect(fake.addedNotes[0]!.fields.Front).toBe('駅');
  expect(fake.addedNotes[0]!.fields.Back).not.toBe('');
  await page.keyboard.press('Escape');

  // Opened again: Anki already has it, so there is nothing to add twice.
  popup = await openWord(page, '駅');
  await expect(popup.getByText('In Anki')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Add to Anki' })).toHaveCount(0);
  expect(fake.addedNotes).toHaveLength(1);
});

test('Anki closed, or this site not allowed by AnkiConnect: the popup says what to do', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signedInVerifiedReader(page, request, 'Ryo');
  // Set up as the Settings panel leaves it, then Anki is not running.
  await page.evaluate(() =>
    localStorage.setItem('kotoba.anki', JSON.stringify({ deck: 'Japanese::Mining', model: 'Basic', fields: { Front: 'word', Back: 'meaning' } })),
  );
  await createStory(page, 'Japanese', /N5/, 'Slice of Life');
  await page.getByRole('button', { name: /^Vocabulary/ }).click();
  await readTo(page, '駅の近くにコンビニ');
  let popup = await openWord(page, '駅');
  await popup.getByRole('button', { name: 'Add to Anki' }).click();
  await expect(popup.getByRole('alert')).toContainText('Anki did not answer. Start Anki with the AnkiConnect add-on');
  await page.keyboard.press('Escape');

  // Anki running, but this site is not in its webCorsOriginList: the browser hides the answer, and nothing is added.
  fake = await startAnkiConnectFake({ decks, webCorsOriginList: ['https://kotoba.example'], port: ANKI_PORT });
  popup = await openWord(page, '駅');
  await popup.getByRole('button', { name: 'Add to Anki' }).click();
  await expect(popup.getByRole('alert')).toContainText('webCorsOriginList');
  expect(fake.addedNotes).toHaveLength(0);
});
