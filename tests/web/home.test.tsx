import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup as cleanupRender, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeTree } from '../../src/routeTree.gen';
import { startStory, StoryCreationError } from '../../src/scenes/story-creation';
import type { User } from '../../src/shared/api';
import type { StorySummary } from '../../src/shared/story-views';
import { buildPricing } from '../../src/shared/pricing';
import { THEMES } from '../../src/shared/stories';
import { auth, AUTH_STORAGE_KEY } from '../../src/state/auth';
import { rememberedStoryChoice, STORY_CHOICE_STORAGE_KEY } from '../../src/state/story-choice';
import { storytellerStore } from '../../src/state/storyteller';
import { lastReadLabel } from '../../src/ui/home/relative-time';
import { makeUser } from './fixtures';

vi.mock('../../src/scenes/story-creation', () => ({
  startStory: vi.fn(),
  StoryCreationError: class extends Error {
    constructor(
      message: string,
      public code?: string,
    ) {
      super(message);
    }
  },
}));

// The reader is another screen with its own tests (canvas, socket); a stand-in shows where navigation landed.
vi.mock('../../src/routes/_authed/reader.$storyId', async () => {
  const { createFileRoute } = await import('@tanstack/react-router');
  return { Route: createFileRoute('/_authed/reader/$storyId')({ component: () => <p>Reader stand-in</p> }) };
});

const start = vi.mocked(startStory);
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

type Handler = () => Response | Promise<Response>;
interface Server {
  me: User;
  routes: Record<string, Handler>;
}

let server: Server;

/** A fake backend keyed by path; tests replace the answers they are about. */
function fakeFetch() {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/auth/me') return json(200, server.me);
    const handler = server.routes[`${init?.method ?? 'GET'} ${url}`] ?? server.routes[url] ?? server.routes[url.split('?')[0]!];
    return handler ? handler() : json(404, { detail: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const themesOk: Handler = () => json(200, { success: true, data: { themes: THEMES } });
const storiesOk =
  (stories: StorySummary[] = []): Handler =>
  () =>
    json(200, { success: true, data: { stories } });

function signIn(user: User) {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ token: 'tok', user, isAuthenticated: true }));
  Object.assign(auth, { token: 'tok', user, isAuthenticated: true, status: 'ready', error: null });
}

async function renderHome() {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/home'] }) });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { name: 'AI-Generated Visual Novels for Language Learning' });
  return router;
}

const radio = (name: string) => screen.getByRole('radio', { name });
const action = () => within(document.querySelector('.creator-action') as HTMLElement).getByRole('button');

/** Language, level and theme chosen with the mouse; the theme grid must have loaded. */
async function chooseAll(language = 'Japanese', level = 'N5 Beginner', theme = 'Mystery') {
  await userEvent.click(radio(language));
  await userEvent.click(radio(level));
  await userEvent.click(await screen.findByRole('radio', { name: theme }));
}

beforeEach(() => {
  server = { me: makeUser(), routes: { '/api/stories/themes': themesOk, '/api/stories': storiesOk() } };
  signIn(server.me);
  start.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Object.assign(storytellerStore, { info: null, status: 'idle' });
});

describe('story creation (SPEC §2)', () => {
  it('names what is missing on the button, in order, and enables it only when all three are chosen', async () => {
    fakeFetch();
    await renderHome();
    expect(action().textContent).toBe('Select a Language First');
    expect((action() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('heading', { name: /Choose Your (JLPT|CEFR) Level/ })).toBeNull();
    expect(screen.getByRole('group', { name: 'Choose Your Language' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Japanese', description: 'with furigana support' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'English', description: 'natural dialogue' })).toBeTruthy();

    await userEvent.click(radio('Japanese'));
    expect((radio('Japanese') as HTMLInputElement).checked).toBe(true);
    const levels = screen.getByRole('group', { name: 'Choose Your JLPT Level' });
    expect(within(levels).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['N5', 'N4', 'N3', 'N2', 'N1']);
    expect(screen.getByRole('radio', { name: 'N5 Beginner', description: 'basic vocabulary and grammar' })).toBeTruthy();
    expect(action().textContent).toBe('Select a Difficulty Level');
    expect((action() as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(radio('N2 Upper Intermediate'));
    expect(action().textContent).toBe('Select a Story Theme');
    expect((action() as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(await screen.findByRole('radio', { name: 'Romance' }));
    expect(action().textContent).toBe('Start Reading');
    expect((action() as HTMLButtonElement).disabled).toBe(false);
  });

  it('clears the level when the language changes and offers the CEFR levels for English', async () => {
    fakeFetch();
    await renderHome();
    await chooseAll('Japanese', 'N3 Intermediate', 'Romance');
    expect(action().textContent).toBe('Start Reading');

    await userEvent.click(radio('English'));
    const levels = screen.getByRole('group', { name: 'Choose Your CEFR Level' });
    expect(within(levels).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2']);
    expect(within(levels).getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    expect(screen.getByRole('radio', { name: 'C2 Mastery', description: 'native-like command of the language' })).toBeTruthy();
    expect(action().textContent).toBe('Select a Difficulty Level');
    expect((radio('Romance') as HTMLInputElement).checked).toBe(true);

    await userEvent.click(radio('Japanese'));
    expect((radio('N3 Intermediate') as HTMLInputElement).checked).toBe(false);
  });

  it('is usable with the keyboard: Tab reaches a group, Space and arrow keys choose', async () => {
    // user-event walks radio groups with CSS.escape, which jsdom lacks; the group names need no escaping.
    vi.stubGlobal('CSS', { escape: (value: string) => value });
    fakeFetch();
    await renderHome();
    await screen.findByText('No stories yet. Create your first one above.');
    screen.getByRole('button', { name: /Account menu/ }).focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(radio('Japanese'));
    await userEvent.keyboard(' ');
    expect((radio('Japanese') as HTMLInputElement).checked).toBe(true);
    await userEvent.keyboard('{ArrowRight}');
    expect((radio('English') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('group', { name: 'Choose Your CEFR Level' })).toBeTruthy();
  });

  it('shows the themes the server sends, with their descriptions', async () => {
    server.routes['/api/stories/themes'] = () =>
      json(200, {
        success: true,
        data: { themes: [{ id: 'mystery', name: 'Night Mystery', description: 'A locked room on the last train.' }] },
      });
    fakeFetch();
    await renderHome();
    expect(await screen.findByRole('radio', { name: 'Night Mystery', description: 'A locked room on the last train.' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Romance' })).toBeNull();
  });

  it('says "Failed to load story themes" when the call fails, and retries', async () => {
    server.routes['/api/stories/themes'] = () => json(500, { detail: 'Database unavailable' });
    const fetch = fakeFetch();
    await renderHome();
    expect(await screen.findByText('Failed to load story themes')).toBeTruthy();
    expect(screen.queryByText('Database unavailable')).toBeNull();

    server.routes['/api/stories/themes'] = themesOk;
    const group = screen.getByRole('group', { name: 'Choose Your Story' });
    await userEvent.click(within(group).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: 'Workplace' })).toBeTruthy();
    expect(screen.queryByText('Failed to load story themes')).toBeNull();
    expect(fetch.mock.calls.filter(([url]) => url === '/api/stories/themes')).toHaveLength(2);
  });

  it('creates the story and opens the reader with the generation id in the navigation state', async () => {
    fakeFetch();
    let finish!: (value: { storyId: string; generationId: string }) => void;
    start.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const router = await renderHome();
    await chooseAll('English', 'B1 Intermediate', 'Adventure');
    await userEvent.click(action());

    expect(start).toHaveBeenCalledWith({ language: 'en', level: 'B1', theme: 'adventure', wish: '' });
    expect(action().textContent).toBe('Creating Your Story...');
    expect((action() as HTMLButtonElement).disabled).toBe(true);
    expect(radio('Japanese').matches(':disabled')).toBe(true);

    const storyId = '4b0c1c9e-2f7a-4d55-9d1e-0f4e8a6b7c21';
    await act(async () => finish({ storyId, generationId: 'gen-42' }));
    expect(await screen.findByText('Reader stand-in')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/reader/${storyId}`);
    expect(router.state.location.state.generationId).toBe('gen-42');
  });

  it('ignores a second click within 600 ms (click lock)', async () => {
    fakeFetch();
    start.mockRejectedValue(new StoryCreationError('The model returned nonsense'));
    await renderHome();
    await chooseAll();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T10:00:00.000Z'));

    fireEvent.click(action());
    fireEvent.click(action());
    expect(await screen.findByText('Failed to create story. Please try again.')).toBeTruthy();
    vi.setSystemTime(new Date('2026-11-20T10:00:00.599Z'));
    fireEvent.click(action());
    await act(async () => {});
    expect(start).toHaveBeenCalledTimes(1);

    vi.setSystemTime(new Date('2026-11-20T10:00:00.600Z'));
    fireEvent.click(action());
    await waitFor(() => expect(start).toHaveBeenCalledTimes(2));
  });

  it.each([
    ['Story creation timeout', 'Story creation is taking longer than expected. Please try again.'],
    ['WebSocket connection failed', 'Connection error. Please check your internet and try again.'],
    ['Story creation is already in progress', 'Story creation is already in progress. Please wait.'],
    ['Authentication failed', 'Authentication error. Please refresh the page and try again.'],
    ['Something unexpected', 'Failed to create story. Please try again.'],
  ])('shows the catalogue line for %j and lets the learner try again', async (message, expected) => {
    fakeFetch();
    start.mockRejectedValue(new StoryCreationError(message));
    await renderHome();
    await chooseAll();
    await userEvent.click(action());
    expect((await screen.findByRole('alert')).textContent).toBe(expected);
    expect(action().textContent).toBe('Start Reading');
    expect((action() as HTMLButtonElement).disabled).toBe(false);
  });

  it('opens the upgrade modal on SUBSCRIPTION_LIMIT_REACHED, without an error line, and refreshes the usage meter', async () => {
    const fetch = fakeFetch();
    server.routes['/api/payment/pricing'] = () => json(200, { ...buildPricing(10, 700), billing: 'test' });
    start.mockRejectedValue(new StoryCreationError('Monthly story limit reached', 'SUBSCRIPTION_LIMIT_REACHED'));
    await renderHome();
    await chooseAll();
    const meCalls = () => fetch.mock.calls.filter(([url]) => url === '/api/auth/me').length;
    await waitFor(() => expect(meCalls()).toBeGreaterThan(0));
    const before = meCalls();
    server.me = makeUser({ subscription: { stories_generated: 10, stories_remaining: 0, can_generate_story: false } });

    await userEvent.click(action());
    await waitFor(() => expect(meCalls()).toBe(before + 1));
    await waitFor(() => expect(screen.getByText('Stories remaining').nextElementSibling?.textContent).toBe('0'));
    expect(screen.queryByRole('alert')).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    expect(within(dialog).getByRole('button', { name: 'Upgrade' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Maybe Later' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the verification modal on EMAIL_VERIFICATION_REQUIRED, without an error line', async () => {
    fakeFetch();
    start.mockRejectedValue(new StoryCreationError('Please verify your email', 'EMAIL_VERIFICATION_REQUIRED'));
    await renderHome();
    await chooseAll();
    await userEvent.click(action());
    const dialog = await screen.findByRole('dialog', { name: 'Verify your email to create stories' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('remembered language and level', () => {
  const stored = () => JSON.parse(localStorage.getItem(STORY_CHOICE_STORAGE_KEY) ?? 'null');
  const checkedIn = (group: string) =>
    within(screen.getByRole('group', { name: group }))
      .getAllByRole('radio')
      .filter((r) => (r as HTMLInputElement).checked)
      .map((r) => r.getAttribute('value'));

  it('preselects the last language and level, so the learner goes straight to the theme', async () => {
    localStorage.setItem(STORY_CHOICE_STORAGE_KEY, JSON.stringify({ language: 'en', level: 'B1' }));
    fakeFetch();
    await renderHome();
    expect((radio('English') as HTMLInputElement).checked).toBe(true);
    expect(checkedIn('Choose Your CEFR Level')).toEqual(['B1']);
    expect(action().textContent).toBe('Select a Story Theme');
    expect(screen.getByText('English · B1 Intermediate')).toBeTruthy();

    await userEvent.click(await screen.findByRole('radio', { name: 'Adventure' }));
    expect(action().textContent).toBe('Start Reading');
    start.mockResolvedValue({ storyId: '4b0c1c9e-2f7a-4d55-9d1e-0f4e8a6b7c21', generationId: 'gen-1' });
    await userEvent.click(action());
    expect(start).toHaveBeenCalledWith({ language: 'en', level: 'B1', theme: 'adventure', wish: '' });
  });

  it('updates the memory on every change; a new language is remembered without a level until one is chosen', async () => {
    fakeFetch();
    await renderHome();
    expect(stored()).toBeNull();
    await userEvent.click(radio('Japanese'));
    expect(stored()).toEqual({ language: 'ja', level: null });
    await userEvent.click(radio('N3 Intermediate'));
    expect(stored()).toEqual({ language: 'ja', level: 'N3' });
    await userEvent.click(radio('N3 Intermediate'));
    expect(stored()).toEqual({ language: 'ja', level: 'N3' });

    await userEvent.click(radio('English'));
    expect(stored()).toEqual({ language: 'en', level: null });
    await userEvent.click(radio('A2 Elementary'));
    expect(stored()).toEqual({ language: 'en', level: 'A2' });
    // The theme is chosen afresh each time and is not remembered.
    await userEvent.click(await screen.findByRole('radio', { name: 'Mystery' }));
    expect(stored()).toEqual({ language: 'en', level: 'A2' });
  });

  it('is chosen again after a remount (a reload), with the level step showing the remembered level', async () => {
    fakeFetch();
    await renderHome();
    await userEvent.click(radio('Japanese'));
    await userEvent.click(radio('N2 Upper Intermediate'));
    cleanupRender();
    await renderHome();
    expect((radio('Japanese') as HTMLInputElement).checked).toBe(true);
    expect(checkedIn('Choose Your JLPT Level')).toEqual(['N2']);
    expect(action().textContent).toBe('Select a Story Theme');
  });

  it('preselects only the language when nothing or a mismatched level is stored', async () => {
    localStorage.setItem(STORY_CHOICE_STORAGE_KEY, JSON.stringify({ language: 'ja', level: 'C1' }));
    fakeFetch();
    await renderHome();
    expect((radio('Japanese') as HTMLInputElement).checked).toBe(true);
    expect(checkedIn('Choose Your JLPT Level')).toEqual([]);
    expect(action().textContent).toBe('Select a Difficulty Level');
  });

  it.each([
    ['absent', undefined],
    ['not JSON', '{oops'],
    ['an unknown language', JSON.stringify({ language: 'fr', level: 'B1' })],
    ['a level without a language', JSON.stringify({ language: null, level: 'N5' })],
    ['the wrong shape', JSON.stringify(['ja', 'N5'])],
  ])('reads nothing when the stored value is %s', (_, value) => {
    if (value !== undefined) localStorage.setItem(STORY_CHOICE_STORAGE_KEY, value);
    expect(rememberedStoryChoice()).toEqual({ language: null, level: null });
  });

  it('drops a level that is on neither scale and keeps the language', () => {
    localStorage.setItem(STORY_CHOICE_STORAGE_KEY, JSON.stringify({ language: 'en', level: 'Z9' }));
    expect(rememberedStoryChoice()).toEqual({ language: 'en', level: null });
  });
});

describe('the story library on the creation screen', () => {
  const availability = (library: unknown): Handler => () => json(200, { success: true, data: { storyteller: 'library', library } });
  beforeEach(() => {
    Object.assign(storytellerStore, { info: { storyteller: 'library', library_stories: 108 }, status: 'loaded' });
  });

  it('says the story comes from the built-in library, how many of the chosen ones are new, and which is next', async () => {
    server.routes['/api/stories/availability'] = availability({
      total: 3,
      unread: 2,
      next: { title: 'The Lake Above the Clouds', theme: 'adventure', levels: ['B1', 'B2'], reason: 'unread' },
      elsewhere: [],
    });
    const fetch = fakeFetch();
    await renderHome();
    await chooseAll('English', 'B1 Intermediate', 'Adventure');
    const note = await screen.findByText(/From the built-in story library/);
    expect(note.textContent).toBe('From the built-in story library: 2 of 3 Adventure stories at B1–B2 are new to you. Next: The Lake Above the Clouds');
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/stories/availability?language=en&level=B1&theme=adventure');
  });

  it('warns before a story is spent once the theme and band are read, and offers the nearest unread ones', async () => {
    server.routes['/api/stories/availability'] = availability({
      total: 3,
      unread: 0,
      next: { title: 'The Night Returns', theme: 'mystery', levels: ['B1', 'B2'], reason: 'nearest' },
      elsewhere: [
        { theme: 'mystery', levels: ['B1', 'B2'], unread: 3 },
        { theme: 'adventure', levels: ['C1', 'C2'], unread: 3 },
      ],
    });
    fakeFetch();
    await renderHome();
    await chooseAll('English', 'B1 Intermediate', 'Adventure');
    const warning = (await screen.findByText(/You have read all 3 Adventure stories/)).closest('.alert') as HTMLElement;
    expect(warning.textContent).toContain('Start Reading will open The Night Returns, a Mystery story at B1–B2.');
    await userEvent.click(within(warning).getByRole('button', { name: 'Adventure · C1–C2 · 3 new' }));
    expect((radio('C1 Advanced') as HTMLInputElement).checked).toBe(true);
    expect((radio('Adventure') as HTMLInputElement).checked).toBe(true);
    // The notice is asked again for the new choice.
    const again = (await screen.findByText(/You have read all 3 Adventure stories/)).closest('.alert') as HTMLElement;
    await userEvent.click(within(again).getByRole('button', { name: 'Mystery · B1–B2 · 3 new' }));
    expect((radio('Mystery') as HTMLInputElement).checked).toBe(true);
    expect((radio('B1 Intermediate') as HTMLInputElement).checked).toBe(true);
  });

  it('sends the wish with the story, and asks the library about it once typing pauses', async () => {
    server.routes['/api/stories/availability'] = availability({ total: 3, unread: 3, next: null, elsewhere: [] });
    const fetch = fakeFetch();
    start.mockImplementation(() => new Promise(() => undefined));
    await renderHome();
    await chooseAll('English', 'B1 Intermediate', 'Adventure');
    await userEvent.type(screen.getByRole('textbox', { name: 'Anything you would like in it?' }), 'a storm at sea');
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/stories/availability?language=en&level=B1&theme=adventure&custom_prompt=a+storm+at+sea'),
    );
    await userEvent.click(action());
    expect(start).toHaveBeenCalledWith({ language: 'en', level: 'B1', theme: 'adventure', wish: 'a storm at sea' });
  });
});

describe('My Stories (/home#my-stories)', () => {
  const now = Date.now();
  const story = (overrides: Partial<StorySummary>): StorySummary => ({
    id: '11111111-1111-4111-8111-111111111111',
    title: '夜の図書館',
    language: 'ja',
    level: 'N4',
    theme: 'mystery',
    status: 'ready',
    scene_number: 3,
    location: 'Old library',
    is_ending: false,
    created_at: new Date(now - 3 * 86_400_000).toISOString(),
    last_read_at: new Date(now - 5 * 60_000).toISOString(),
    ...overrides,
  });

  it('lists the stories, most recently read first, each with a Continue link', async () => {
    server.routes['/api/stories'] = storiesOk([
      story({
        id: '22222222-2222-4222-8222-222222222222',
        title: 'The Last Train',
        language: 'en',
        level: 'B2',
        theme: 'slice_of_life',
        scene_number: 7,
        location: null,
        is_ending: true,
        last_read_at: new Date(now - 2 * 86_400_000).toISOString(),
      }),
      story({}),
    ]);
    fakeFetch();
    await renderHome();
    const section = document.getElementById('my-stories')!;
    expect(within(section).getByRole('heading', { name: 'My Stories' })).toBeTruthy();
    const cards = await within(section).findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['夜の図書館', 'The Last Train']);

    const [ja, en] = cards as [HTMLElement, HTMLElement];
    expect(within(ja).getByText('Japanese')).toBeTruthy();
    expect(within(ja).getByText('N4')).toBeTruthy();
    expect(within(ja).getByText('Mystery')).toBeTruthy();
    expect(within(ja).getByText('Scene 3')).toBeTruthy();
    expect(within(ja).getByText('Old library')).toBeTruthy();
    expect(within(ja).getByText('5 minutes ago')).toBeTruthy();
    expect(within(ja).queryByText('Ending reached')).toBeNull();
    expect(within(ja).getByRole('link', { name: 'Continue 夜の図書館' }).getAttribute('href')).toBe(
      '/reader/11111111-1111-4111-8111-111111111111',
    );

    expect(within(en).getByText('English')).toBeTruthy();
    expect(within(en).getByText('Slice of Life')).toBeTruthy();
    expect(within(en).getByText('Scene 7')).toBeTruthy();
    expect(within(en).getByText('2 days ago')).toBeTruthy();
    expect(within(en).getByText('Ending reached')).toBeTruthy();
    expect(within(en).getByRole('link', { name: 'Continue The Last Train' }).getAttribute('href')).toBe(
      '/reader/22222222-2222-4222-8222-222222222222',
    );
  });

  it('shows the first six and offers the rest', async () => {
    const many = Array.from({ length: 8 }, (_, i) =>
      story({ id: `00000000-0000-4000-8000-00000000000${i}`, title: `Story ${i}`, last_read_at: new Date(now - i * 60_000).toISOString() }),
    );
    server.routes['/api/stories'] = storiesOk(many);
    fakeFetch();
    await renderHome();
    expect(await screen.findAllByRole('article')).toHaveLength(6);
    await userEvent.click(screen.getByRole('button', { name: 'Show all 8 stories' }));
    expect(screen.getAllByRole('article')).toHaveLength(8);
  });

  it('removes a story after asking, and lists the rest', async () => {
    const kept = story({ id: '22222222-2222-4222-8222-222222222222', title: 'The Last Train', language: 'en' });
    let listed = [story({}), kept];
    server.routes['/api/stories'] = () => json(200, { success: true, data: { stories: listed } });
    server.routes['DELETE /api/stories/11111111-1111-4111-8111-111111111111'] = () => {
      listed = [kept];
      return json(200, { success: true, message: 'Story removed' });
    };
    const fetch = fakeFetch();
    await renderHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove 夜の図書館' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this story?' });
    expect(dialog.textContent).toContain('does not give a story back to this month’s allowance');
    // Keep it closes without a call; the dialog opens on the safe choice.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep it' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Remove 夜の図書館' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove story' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'The Last Train' })).toBeTruthy();
    expect(screen.getByText('Removed 夜の図書館.')).toBeTruthy();
  });

  it('says so when the story could not be removed, and keeps it', async () => {
    server.routes['/api/stories'] = storiesOk([story({})]);
    server.routes['DELETE /api/stories/11111111-1111-4111-8111-111111111111'] = () => json(404, { detail: 'Story not found' });
    fakeFetch();
    await renderHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove 夜の図書館' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove story' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveProperty('textContent', 'Story not found');
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('has an empty state', async () => {
    fakeFetch();
    await renderHome();
    expect(await screen.findByText('No stories yet. Create your first one above.')).toBeTruthy();
  });

  it('says "Failed to load your stories" and retries', async () => {
    server.routes['/api/stories'] = () => json(500, {});
    fakeFetch();
    await renderHome();
    expect(await screen.findByText('Failed to load your stories')).toBeTruthy();
    server.routes['/api/stories'] = storiesOk([story({})]);
    const section = document.getElementById('my-stories')!;
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('link', { name: 'Continue 夜の図書館' })).toBeTruthy();
    expect(screen.queryByText('Failed to load your stories')).toBeNull();
  });
});

describe('lastReadLabel', () => {
  const now = Date.parse('2026-11-20T12:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it('is relative within a week and a short date after', () => {
    expect(lastReadLabel(ago(20_000), now)).toBe('just now');
    expect(lastReadLabel(ago(60_000), now)).toBe('1 minute ago');
    expect(lastReadLabel(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(lastReadLabel(ago(30 * 3_600_000), now)).toBe('yesterday');
    expect(lastReadLabel(ago(6 * 86_400_000), now)).toBe('6 days ago');
    expect(lastReadLabel('2026-11-01T12:00:00.000Z', now)).toBe('Nov 1');
    expect(lastReadLabel('2025-03-04T12:00:00.000Z', now)).toBe('Mar 4, 2025');
    expect(lastReadLabel('not a date', now)).toBe('Unknown');
  });
});
