import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BacklogPanel } from '../../src/scenes/panels/BacklogPanel';
import type { BacklogScene } from '../../src/scenes/panels/backlog-types';
import { SaveLoadModal, type SaveLoadModalProps } from '../../src/scenes/panels/SaveLoadModal';
import { SettingsPanel } from '../../src/scenes/panels/SettingsPanel';
import type { SaveRecord, SaveSlot, SceneView } from '../../src/shared/story-views';
import { PREFERENCES_STORAGE_KEY, preferences, resetPreferences, setShowFurigana, setTextSpeed } from '../../src/state/preferences';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const STORY_ID = '6f1c1d52-8c7e-4a53-9d61-0d5b8f0f1a01';
const SCENE_ID = '0b3b6a47-2a7e-4d8e-b7a8-4c8f1c1e2d02';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// ── Backlog ──────────────────────────────────────────────────────────────────────────────────────

const scenes: BacklogScene[] = [
  {
    sceneId: 's1',
    sceneNumber: 1,
    location: 'Old Library',
    lines: [
      { speaker: '', text: 'Rain taps on the tall windows.' },
      { speaker: 'Haruka', text: 'Did you find the book?' },
      { speaker: 'Narrator', text: 'Nobody answers.' },
    ],
    choiceMade: 'Look behind the shelf',
    otherPaths: [
      { id: 'c2', text: 'Ask Haruka', readBefore: false },
      { id: 'c3', text: 'Leave the library', readBefore: true },
    ],
  },
  {
    sceneId: 's2',
    sceneNumber: 2,
    location: null,
    lines: [{ speaker: 'Ren', text: 'It was here all along.' }],
    choiceMade: null,
    otherPaths: [],
  },
];

describe('BacklogPanel', () => {
  it('is a labelled modal dialog listing each scene, its lines and the choice made', () => {
    render(<BacklogPanel scenes={scenes} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Story Backlog' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');

    const first = screen.getByRole('region', { name: 'Scene 1' });
    expect(within(first).getByText('Old Library')).toBeTruthy();
    expect(within(first).getByText('Haruka').tagName).toBe('STRONG');
    expect(within(first).getByText('Did you find the book?')).toBeTruthy();
    expect(within(first).getByText('You chose: Look behind the shelf')).toBeTruthy();

    // Narration: no name, italic text.
    const narration = within(first).getByText('Rain taps on the tall windows.');
    expect(narration.closest('li')?.classList.contains('rp-line--narration')).toBe(true);
    expect(within(first).queryByText('Narrator')).toBeNull();
    expect(within(first).getByText('Nobody answers.').closest('li')?.classList.contains('rp-line--narration')).toBe(true);

    const second = screen.getByRole('region', { name: 'Scene 2' });
    expect(within(second).getByText('Ren')).toBeTruthy();
    expect(within(second).queryByText(/You chose/)).toBeNull();
  });

  it('offers the paths not taken at a past choice, saying which were read before', async () => {
    const user = userEvent.setup();
    const onReadOtherPath = vi.fn();
    render(<BacklogPanel scenes={scenes} onReadOtherPath={onReadOtherPath} onClose={() => {}} />);
    const paths = screen.getByRole('group', { name: 'Other paths from scene 1' });
    expect(within(paths).getByText('Read the other path:')).toBeTruthy();
    await user.click(within(paths).getByRole('button', { name: 'Read the other path: Ask Haruka' }));
    expect(onReadOtherPath).toHaveBeenCalledWith('s1', 'c2');
    expect(within(paths).getByRole('button', { name: 'Read the other path: Leave the library (read before)' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Other paths from scene 2' })).toBeNull();
  });

  it('shows earlier scenes on request, keeping the lines in view where they were, and says when they fail', async () => {
    const user = userEvent.setup();
    let height = 1000;
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(() => height);
    const onShowEarlier = vi.fn();
    const { rerender } = render(<BacklogPanel scenes={scenes.slice(1)} earlier="idle" onShowEarlier={onShowEarlier} onClose={() => {}} />);
    const log = screen.getByRole('region', { name: 'Story so far' });
    log.scrollTop = 400;
    await user.click(screen.getByRole('button', { name: 'Show earlier scenes' }));
    expect(onShowEarlier).toHaveBeenCalledTimes(1);
    rerender(<BacklogPanel scenes={scenes.slice(1)} earlier="loading" onShowEarlier={onShowEarlier} onClose={() => {}} />);
    expect((screen.getByRole('button', { name: 'Loading earlier scenes…' }) as HTMLButtonElement).disabled).toBe(true);
    // 600 px of earlier scenes arrive above: the same lines stay in view.
    height = 1600;
    rerender(<BacklogPanel scenes={scenes} earlier={null} onShowEarlier={onShowEarlier} onClose={() => {}} />);
    expect(log.scrollTop).toBe(1000);
    expect(screen.queryByRole('button', { name: 'Show earlier scenes' })).toBeNull();
    rerender(<BacklogPanel scenes={scenes} earlier="failed" onShowEarlier={onShowEarlier} onClose={() => {}} />);
    expect(screen.getByRole('alert').textContent).toContain('Earlier scenes could not be loaded. Try again.');
  });

  it('says so when there is nothing to show yet', () => {
    render(<BacklogPanel scenes={[]} onClose={() => {}} />);
    expect(screen.getByText('No scenes to display yet')).toBeTruthy();
  });

  it('opens scrolled to the latest line', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(2400);
    render(<BacklogPanel scenes={scenes} onClose={() => {}} />);
    const log = screen.getByRole('region', { name: 'Story so far' });
    expect(log.scrollTop).toBe(2400);
  });

  it('moves focus in, closes on Close and on Escape, and gives focus back', async () => {
    const user = userEvent.setup();
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const onClose = vi.fn();
    const { unmount } = render(<BacklogPanel scenes={scenes} onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);

    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});

// ── Settings ─────────────────────────────────────────────────────────────────────────────────────

describe('SettingsPanel', () => {
  beforeEach(() => resetPreferences());

  it('changes the text speed in the store and shows it', async () => {
    render(<SettingsPanel onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
    const slider = screen.getByRole('slider', { name: 'Text speed' }) as HTMLInputElement;
    expect(slider.min).toBe('10');
    expect(slider.max).toBe('100');
    expect(slider.step).toBe('1');
    expect(slider.value).toBe('30');
    expect(screen.getByText('30 characters per second')).toBeTruthy();

    fireEvent.change(slider, { target: { value: '55' } });
    expect(preferences.textSpeed).toBe(55);
    expect(await screen.findByText('55 characters per second')).toBeTruthy();
    await waitFor(() => expect(JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? '{}').textSpeed).toBe(55));
  });

  it('toggles furigana in the store', async () => {
    const user = userEvent.setup();
    render(<SettingsPanel onClose={() => {}} />);
    const box = screen.getByRole('checkbox', { name: 'Show furigana' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    await user.click(box);
    expect(preferences.showFurigana).toBe(false);
    expect(box.checked).toBe(false);
  });

  it('disables furigana in an English story and says why, keeping the setting for Japanese ones', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<SettingsPanel language="en" onClose={() => {}} />);
    const box = screen.getByRole('checkbox', { name: 'Show furigana' }) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    expect(box.checked).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Show furigana', description: /This story is in English/ })).toBe(box);
    await user.click(box);
    expect(preferences.showFurigana).toBe(true);

    rerender(<SettingsPanel language="ja" onClose={() => {}} />);
    expect(box.disabled).toBe(false);
    expect(screen.queryByText(/This story is in English/)).toBeNull();
  });

  it('resets to 30 cps and furigana on', async () => {
    const user = userEvent.setup();
    act(() => {
      setTextSpeed(90);
      setShowFurigana(false);
    });
    render(<SettingsPanel onClose={() => {}} />);
    expect(screen.getByText('90 characters per second')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    expect(preferences.textSpeed).toBe(30);
    expect(preferences.showFurigana).toBe(true);
    expect(await screen.findByText('30 characters per second')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Show furigana' }) as HTMLInputElement).checked).toBe(true);
  });
});

// ── Save / load ──────────────────────────────────────────────────────────────────────────────────

const filledSlot: SaveSlot = {
  slot_index: 0,
  has_save: true,
  created_at: '2026-11-03T09:30:00.000Z',
  story_id: STORY_ID,
  story_title: 'The Moonlit Library',
  save_name: 'Save 1',
  scene_number: 2,
  location: 'Old Library',
  screenshot_url: '/art/scene-2.png',
};

const empty = (index: number): SaveSlot => ({
  slot_index: index,
  has_save: false,
  created_at: null,
  story_title: null,
  scene_number: null,
  location: null,
  screenshot_url: null,
});

const slotsWith = (...filled: SaveSlot[]) =>
  Array.from({ length: 10 }, (_, index) => filled.find((slot) => slot.slot_index === index) ?? empty(index));

const saveRecord = (slot: number): SaveRecord => ({
  save_id: `save-${slot}`,
  slot_index: slot,
  story_id: STORY_ID,
  scene_id: SCENE_ID,
  story_state: { scene_number: 2, line_index: 4 },
  save_name: `Save ${slot + 1}`,
  created_at: '2026-11-04T10:00:00.000Z',
});

const sceneView: SceneView = {
  scene_id: SCENE_ID,
  story_id: STORY_ID,
  scene_number: 2,
  generation_id: 'gen-2',
  status: 'complete',
  setting: { location: 'Old Library', time_of_day: 'night', weather: 'rain', atmosphere: 'quiet' },
  scene_image_url: '/art/scene-2.png',
  dialogue: [],
  choices: [],
  is_ending: false,
  ending_title: null,
};

type Handler = (body: unknown) => Response | Promise<Response>;

/** A fetch that answers each API path with its handler and records the calls. */
function fakeApi(handlers: Record<string, Handler>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const handler = handlers[url];
    if (!handler) return json(404, { detail: `No fake for ${url}` });
    return handler(init?.body ? JSON.parse(String(init.body)) : undefined);
  });
  vi.stubGlobal('fetch', fetch);
  const calls = (path: string) => fetch.mock.calls.filter(([url]) => url === path);
  return { fetch, calls };
}

function renderModal(props: Partial<SaveLoadModalProps> = {}) {
  const all: SaveLoadModalProps = {
    mode: 'save',
    storyId: STORY_ID,
    lineIndex: 4,
    onClose: vi.fn(),
    onSaved: vi.fn(),
    onLoaded: vi.fn(),
    ...props,
  };
  render(<SaveLoadModal {...all} />);
  return all;
}

const slotButton = (n: number) => screen.getByRole('button', { name: new RegExp(`^Slot ${n}:`) });

describe('SaveLoadModal', () => {
  it('lists 10 slots: a filled one with its details and thumbnail, the others empty', async () => {
    fakeApi({ '/api/saves/slots': () => json(200, { success: true, data: { slots: slotsWith(filledSlot) } }) });
    renderModal({ mode: 'load' });
    expect(screen.getByRole('dialog', { name: 'Load Game' })).toBeTruthy();
    expect(screen.getByText('Loading save slots...')).toBeTruthy();

    const first = await screen.findByRole('button', { name: /^Slot 1:/ });
    expect(within(first).getByText('Slot 1')).toBeTruthy();
    expect(within(first).getByText('Save 1')).toBeTruthy();
    expect(within(first).getByText('The Moonlit Library')).toBeTruthy();
    expect(within(first).getByText('Scene 2 · Old Library')).toBeTruthy();
    expect(within(first).getByText(new Date(filledSlot.created_at!).toLocaleString())).toBeTruthy();
    const image = first.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/art/scene-2.png');
    expect(image.getAttribute('alt')).toBe('');

    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(within(slotButton(10)).getByText('Slot 10')).toBeTruthy();
    expect(within(slotButton(10)).getByText('Empty slot')).toBeTruthy();
  });

  it('only lets a filled slot be loaded', async () => {
    fakeApi({ '/api/saves/slots': () => json(200, { success: true, data: { slots: slotsWith(filledSlot) } }) });
    renderModal({ mode: 'load' });
    await screen.findByRole('button', { name: /^Slot 1:/ });
    expect((slotButton(1) as HTMLButtonElement).disabled).toBe(false);
    for (let n = 2; n <= 10; n++) expect((slotButton(n) as HTMLButtonElement).disabled).toBe(true);
  });

  it('loads a slot and hands the save and scene over', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      '/api/saves/slots': () => json(200, { success: true, data: { slots: slotsWith(filledSlot) } }),
      '/api/saves/load': () => json(200, { success: true, data: { save: saveRecord(0), scene: sceneView } }),
    });
    const props = renderModal({ mode: 'load' });
    await user.click(await screen.findByRole('button', { name: /^Slot 1:/ }));
    await waitFor(() => expect(props.onLoaded).toHaveBeenCalledWith({ save: saveRecord(0), scene: sceneView }));
    expect(JSON.parse(String(calls('/api/saves/load')[0]![1]!.body))).toEqual({ slot_index: 0 });
  });

  it('shows the failure of a load, in the server words when they are specific', async () => {
    const user = userEvent.setup();
    let answer = json(500, { detail: 'Internal server error' });
    fakeApi({
      '/api/saves/slots': () => json(200, { success: true, data: { slots: slotsWith(filledSlot) } }),
      '/api/saves/load': () => answer,
    });
    const props = renderModal({ mode: 'load' });
    await user.click(await screen.findByRole('button', { name: /^Slot 1:/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load story');

    answer = json(409, { detail: 'A scene is being written for this story. Try again in a moment.' });
    await user.click(slotButton(1));
    expect(await screen.findByText('A scene is being written for this story. Try again in a moment.')).toBeTruthy();
    expect(props.onLoaded).not.toHaveBeenCalled();
  });

  it('saves to an empty slot, refreshes the list and reports it', async () => {
    const user = userEvent.setup();
    let slots = slotsWith(filledSlot);
    const { calls } = fakeApi({
      '/api/saves/slots': () => json(200, { success: true, data: { slots } }),
      '/api/saves/save': (body) => {
        const { slot_index } = body as { slot_index: number };
        slots = slotsWith(filledSlot, { ...filledSlot, slot_index, save_name: `Save ${slot_index + 1}`, scene_number: 3 });
        return json(200, { success: true, data: { save: saveRecord(slot_index) } });
      },
    });
    const props = renderModal();
    expect(screen.getByRole('dialog', { name: 'Save Game' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: /^Slot 3:/ }));

    expect(await screen.findByText('Saved to Slot 3')).toBeTruthy();
    expect(props.onSaved).toHaveBeenCalledWith(saveRecord(2));
    expect(JSON.parse(String(calls('/api/saves/save')[0]![1]!.body))).toEqual({ slot_index: 2, story_id: STORY_ID, line_index: 4 });
    expect(calls('/api/saves/slots')).toHaveLength(2);
    expect(within(slotButton(3)).getByText('Save 3')).toBeTruthy();
    expect(within(slotButton(3)).getByText('Scene 3 · Old Library')).toBeTruthy();
  });

  it('disables the slots while a save runs', async () => {
    const user = userEvent.setup();
    let finish: (response: Response) => void = () => {};
    fakeApi({
      '/api/saves/slots': () => json(200, { success: true, data: { slots: slotsWith() } }),
      '/api/saves/save': () => new Promise<Response>((resolve) => (finish = resolve)),
    });
    renderModal();
    await user.click(await screen.findByRole('button', { name: /^Slot 2:/ }));
    await waitFor(() => expect((slotButton(5) as HTMLButtonElement).disabled).toBe(true));
    expect((slotButton(2) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('tab', { name: 'Load' }) as HTMLButtonElement).disabled).toBe(true);
    finish(json(200, { success: true, data: { save: saveRecord(1) } }));
    expect(await screen.findByText('Saved to Slot 2')).toBeTruthy();
    expect((slotButton(5) as HTMLButtonElement).disabled).toBe(false);
  });

  it('asks before overwriting a filled slot', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      '/api/saves/slots': () => json(200, { success: true, data: { slots: slotsWith(filledSlot) } }),
      '/api/saves/save': () => json(200, { success: true, data: { save: saveRecord(0) } }),
    });
    renderModal();
    await user.click(await screen.findByRole('button', { name: /^Slot 1:/ }));
    expect(screen.getByText('Overwrite this save?')).toBeTruthy();
    expect(calls('/api/saves/save')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Overwrite this save?')).toBeNull();
    expect(document.activeElement).toBe(slotButton(1));
    expect(calls('/api/saves/save')).toHaveLength(0);

    await user.click(slotButton(1));
    await user.click(screen.getByRole('button', { name: 'Overwrite' }));
    expect(await screen.findByText('Saved to Slot 1')).toBeTruthy();
    expect(calls('/api/saves/save')).toHaveLength(1);
  });

  it('shows save failures, with the specific server message when there is one', async () => {
    const user = userEvent.setup();
    let answer = json(502, {});
    fakeApi({
      '/api/saves/slots': () => json(200, { success: true, data: { slots: slotsWith() } }),
      '/api/saves/save': () => answer,
    });
    const props = renderModal();
    await user.click(await screen.findByRole('button', { name: /^Slot 4:/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save story');

    answer = json(409, { detail: 'This scene is still being written. Try again in a moment.' });
    await user.click(slotButton(4));
    expect((await screen.findByRole('alert')).textContent).toBe('This scene is still being written. Try again in a moment.');
    expect(props.onSaved).not.toHaveBeenCalled();
  });

  it('cannot save without a story', async () => {
    fakeApi({ '/api/saves/slots': () => json(200, { success: true, data: { slots: slotsWith() } }) });
    renderModal({ storyId: null });
    await screen.findByRole('button', { name: /^Slot 1:/ });
    expect((slotButton(1) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Open a story to save your place in it.')).toBeTruthy();
  });

  it('reports a failed slot list and retries', async () => {
    const user = userEvent.setup();
    let ok = false;
    const { calls } = fakeApi({
      '/api/saves/slots': () => (ok ? json(200, { success: true, data: { slots: slotsWith(filledSlot) } }) : json(500, {})),
    });
    renderModal({ mode: 'load' });
    expect(await screen.findByText('Failed to load save slots')).toBeTruthy();
    ok = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /^Slot 1:/ })).toBeTruthy();
    expect(screen.queryByText('Failed to load save slots')).toBeNull();
    expect(calls('/api/saves/slots')).toHaveLength(2);
  });

  it('switches between Save and Load with the tabs', async () => {
    const user = userEvent.setup();
    fakeApi({ '/api/saves/slots': () => json(200, { success: true, data: { slots: slotsWith(filledSlot) } }) });
    const onModeChange = vi.fn();
    renderModal({ onModeChange });
    await screen.findByRole('button', { name: /^Slot 2:/ });
    expect(screen.getByRole('tab', { name: 'Save' }).getAttribute('aria-selected')).toBe('true');
    expect((slotButton(2) as HTMLButtonElement).disabled).toBe(false);

    await user.click(screen.getByRole('tab', { name: 'Load' }));
    expect(onModeChange).toHaveBeenCalledWith('load');
    expect(screen.getByRole('dialog', { name: 'Load Game' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Load' }).getAttribute('aria-selected')).toBe('true');
    expect((slotButton(2) as HTMLButtonElement).disabled).toBe(true);
  });

  it('closes on Escape and on Close', async () => {
    const user = userEvent.setup();
    fakeApi({ '/api/saves/slots': () => json(200, { success: true, data: { slots: slotsWith() } }) });
    const props = renderModal();
    await screen.findByRole('button', { name: /^Slot 1:/ });
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(props.onClose).toHaveBeenCalledTimes(2);
  });
});
