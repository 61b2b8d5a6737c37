import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { api } from '../../net/api';
import { SAVE_SLOT_COUNT, type SaveRecord, type SaveSlot, type SceneView } from '../../shared/story-views';
import { Spinner } from '../../ui/Spinner';
import { failureMessage } from './error-message';
import { ReaderPanel } from './ReaderPanel';

export type SaveLoadMode = 'save' | 'load';

export interface SaveLoadModalProps {
  mode: SaveLoadMode;
  /** The story being read; without one there is nothing to save. */
  storyId: string | null;
  /** The dialogue line the learner is on, saved with the scene. */
  lineIndex: number;
  onClose(): void;
  onSaved?(save: SaveRecord): void;
  onLoaded(result: { save: SaveRecord; scene: SceneView }): void;
  /** Told when the learner switches between the Save and Load tabs. */
  onModeChange?(mode: SaveLoadMode): void;
}

type SlotsState = { status: 'loading' } | { status: 'ready'; slots: SaveSlot[] } | { status: 'error' };
type Notice = { kind: 'success' | 'error'; text: string };

const MODES: { mode: SaveLoadMode; label: string }[] = [
  { mode: 'save', label: 'Save' },
  { mode: 'load', label: 'Load' },
];

const emptySlot = (index: number): SaveSlot => ({
  slot_index: index,
  has_save: false,
  created_at: null,
  story_title: null,
  scene_number: null,
  location: null,
  screenshot_url: null,
});

/** Always the 10 slots of SPEC §9, in order, whatever the server left out. */
function allSlots(slots: SaveSlot[]): SaveSlot[] {
  return Array.from({ length: SAVE_SLOT_COUNT }, (_, index) => slots.find((slot) => slot.slot_index === index) ?? emptySlot(index));
}

function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleString();
}

function sceneLine(slot: SaveSlot): string | null {
  if (slot.scene_number === null) return slot.location;
  return slot.location ? `Scene ${slot.scene_number} · ${slot.location}` : `Scene ${slot.scene_number}`;
}

/** Save Game / Load Game (SPEC §2, §5): 10 slots; any slot takes a save, only a filled one loads. */
export function SaveLoadModal({ mode, storyId, lineIndex, onClose, onSaved, onLoaded, onModeChange }: SaveLoadModalProps) {
  const baseId = useId();
  const [activeMode, setActiveMode] = useState(mode);
  const [modeProp, setModeProp] = useState(mode);
  const [slotsState, setSlotsState] = useState<SlotsState>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [busySlot, setBusySlot] = useState<number | null>(null);
  const [confirmSlot, setConfirmSlot] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const tabRefs = useRef<Partial<Record<SaveLoadMode, HTMLButtonElement | null>>>({});

  // The parent may switch the mode itself (Ctrl+S / Ctrl+L while open).
  if (mode !== modeProp) {
    setModeProp(mode);
    setActiveMode(mode);
    setConfirmSlot(null);
    setNotice(null);
  }

  useEffect(() => {
    let current = true;
    api.saveSlots().then(
      (slots) => current && setSlotsState({ status: 'ready', slots }),
      () => current && setSlotsState({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [reloads]);

  useEffect(() => {
    if (confirmSlot !== null) cancelRef.current?.focus();
  }, [confirmSlot]);

  // A slot button is disabled while its request runs, which drops focus: give it back afterwards.
  const refocusSlot = useRef<number | null>(null);
  useEffect(() => {
    if (busySlot !== null || refocusSlot.current === null) return;
    const index = refocusSlot.current;
    refocusSlot.current = null;
    const active = document.activeElement;
    if (!active || active === document.body) listRef.current?.querySelector<HTMLButtonElement>(`[data-slot="${index}"]`)?.focus();
  }, [busySlot]);

  const busy = busySlot !== null;
  const saving = activeMode === 'save';

  const retry = () => {
    setSlotsState({ status: 'loading' });
    setReloads((count) => count + 1);
  };

  const switchMode = (next: SaveLoadMode) => {
    if (next === activeMode || busy) return;
    setActiveMode(next);
    setConfirmSlot(null);
    setNotice(null);
    onModeChange?.(next);
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: SaveLoadMode =
      event.key === 'Home' ? 'save' : event.key === 'End' ? 'load' : activeMode === 'save' ? 'load' : 'save';
    switchMode(next);
    tabRefs.current[next]?.focus();
  };

  const focusSlot = (index: number) => listRef.current?.querySelector<HTMLButtonElement>(`[data-slot="${index}"]`)?.focus();

  const save = async (index: number) => {
    if (!storyId || busy) return;
    setConfirmSlot(null);
    setNotice(null);
    setBusySlot(index);
    refocusSlot.current = index;
    try {
      const record = await api.save(index, storyId, lineIndex);
      try {
        setSlotsState({ status: 'ready', slots: await api.saveSlots() });
      } catch {
        setSlotsState({ status: 'error' });
      }
      setNotice({ kind: 'success', text: `Saved to Slot ${index + 1}` });
      onSaved?.(record);
    } catch (error) {
      setNotice({ kind: 'error', text: failureMessage(error, 'Failed to save story') });
    } finally {
      setBusySlot(null);
    }
  };

  const load = async (index: number) => {
    if (busy) return;
    setNotice(null);
    setBusySlot(index);
    refocusSlot.current = index;
    try {
      const result = await api.load(index);
      onLoaded(result);
    } catch (error) {
      setNotice({ kind: 'error', text: failureMessage(error, 'Failed to load story') });
    } finally {
      setBusySlot(null);
    }
  };

  const choose = (slot: SaveSlot) => {
    if (!saving) void load(slot.slot_index);
    else if (slot.has_save) setConfirmSlot(slot.slot_index);
    else void save(slot.slot_index);
  };

  const cancelConfirm = () => {
    const index = confirmSlot;
    setConfirmSlot(null);
    if (index !== null) focusSlot(index);
  };

  const panelId = `${baseId}-panel`;
  const tabId = (m: SaveLoadMode) => `${baseId}-tab-${m}`;

  return (
    <ReaderPanel title={saving ? 'Save Game' : 'Load Game'} onClose={onClose} className="rp-panel--wide rp-panel--saves">
      <div className="rp-tabs" role="tablist" aria-label="Save or load">
        {MODES.map(({ mode: m, label }) => (
          <button
            key={m}
            ref={(element) => {
              tabRefs.current[m] = element;
            }}
            id={tabId(m)}
            type="button"
            role="tab"
            className="rp-tab"
            aria-selected={activeMode === m}
            aria-controls={panelId}
            tabIndex={activeMode === m ? 0 : -1}
            disabled={busy && activeMode !== m}
            onClick={() => switchMode(m)}
            onKeyDown={onTabKeyDown}
          >
            {label}
          </button>
        ))}
      </div>

      <div id={panelId} role="tabpanel" aria-labelledby={tabId(activeMode)} className="rp-panel__body rp-saves">
        <p className="rp-hint rp-saves__intro">
          {saving
            ? storyId
              ? 'Choose a slot to save your place in the story.'
              : 'Open a story to save your place in it.'
            : 'Choose a saved game to continue from there.'}
        </p>

        <div className="rp-notice-area" aria-live="polite">
          {notice?.kind === 'success' ? (
            <p className="rp-notice rp-notice--success" role="status">
              {notice.text}
            </p>
          ) : null}
        </div>
        {notice?.kind === 'error' ? (
          <p className="rp-notice rp-notice--error" role="alert">
            {notice.text}
          </p>
        ) : null}

        {slotsState.status === 'loading' ? (
          <div className="rp-loading">
            <Spinner label="Loading save slots..." />
          </div>
        ) : slotsState.status === 'error' ? (
          <div className="rp-failure" role="alert">
            <p>Failed to load save slots</p>
            <button type="button" className="rp-button" onClick={retry}>
              Try again
            </button>
          </div>
        ) : (
          <ol ref={listRef} className="rp-slots" aria-label={saving ? 'Slots to save to' : 'Saved games'}>
            {allSlots(slotsState.slots).map((slot) => {
              const index = slot.slot_index;
              const number = index + 1;
              const name = slot.save_name || `Save ${number}`;
              const when = formatDate(slot.created_at);
              const scene = sceneLine(slot);
              const label = slot.has_save
                ? [`Slot ${number}: ${name}`, slot.story_title, scene, when].filter(Boolean).join(', ')
                : `Slot ${number}: Empty slot`;
              const disabled = busy || (saving ? !storyId : !slot.has_save);
              const working = busySlot === index;
              return (
                <li key={index} className={`rp-slot${slot.has_save ? '' : ' rp-slot--empty'}${working ? ' rp-slot--busy' : ''}`}>
                  <button
                    type="button"
                    className="rp-slot__button"
                    data-slot={index}
                    aria-label={label}
                    aria-busy={working || undefined}
                    disabled={disabled}
                    onClick={() => choose(slot)}
                  >
                    <span className="rp-slot__thumb">
                      {slot.has_save && slot.screenshot_url ? (
                        <img src={slot.screenshot_url} alt="" loading="lazy" decoding="async" />
                      ) : (
                        <span className="rp-slot__thumb-placeholder" aria-hidden="true">
                          {slot.has_save ? '◆' : '+'}
                        </span>
                      )}
                    </span>
                    <span className="rp-slot__info">
                      {/* The spaces keep the words apart in the button's name (flex items show no gap for them). */}
                      <span className="rp-slot__number">Slot {number}</span>{' '}
                      {slot.has_save ? (
                        <>
                          <span className="rp-slot__name">{name}</span>{' '}
                          {slot.story_title ? <span className="rp-slot__story">{slot.story_title}</span> : null}{' '}
                          {scene ? <span className="rp-slot__scene">{scene}</span> : null}{' '}
                          {when && slot.created_at ? (
                            <time className="rp-slot__time" dateTime={slot.created_at}>
                              {when}
                            </time>
                          ) : null}
                        </>
                      ) : (
                        <span className="rp-slot__empty">Empty slot</span>
                      )}
                    </span>
                    {working ? (
                      <span className="rp-slot__working" aria-hidden="true">
                        {saving ? 'Saving…' : 'Loading…'}
                      </span>
                    ) : null}
                  </button>
                  {saving && confirmSlot === index ? (
                    <div
                      className="rp-slot__confirm"
                      role="group"
                      aria-label={`Overwrite Slot ${number}`}
                      onKeyDown={(event) => {
                        if (event.key !== 'Escape') return;
                        event.stopPropagation();
                        cancelConfirm();
                      }}
                    >
                      <span className="rp-slot__confirm-text">Overwrite this save?</span>
                      <span className="rp-slot__confirm-actions">
                        <button type="button" className="rp-button rp-button--danger" onClick={() => void save(index)}>
                          Overwrite
                        </button>
                        <button ref={cancelRef} type="button" className="rp-button rp-button--ghost" onClick={cancelConfirm}>
                          Cancel
                        </button>
                      </span>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </ReaderPanel>
  );
}
