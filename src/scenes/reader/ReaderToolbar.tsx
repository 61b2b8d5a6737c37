import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Language } from '../../shared/language';
import type { ViewMode } from '../session';

export type ReaderPanelName = 'backlog' | 'settings' | 'save' | 'load' | 'help';

interface ReaderToolbarProps {
  mode: ViewMode;
  furigana: boolean;
  /** The story's language: the reading-aid icons speak it (文 and 語 mean nothing to a learner of English). */
  language: Language | null;
  onMode(mode: Exclude<ViewMode, 'none'>): void;
  onFurigana(): void;
  /** Whether the browser has a voice for the story's language; without one the button says so. */
  canReadAloud: boolean;
  onReadAloud(): void;
  /** Auto mode (A): the story moves on by itself. */
  auto: boolean;
  onAuto(): void;
  /** Skip (K): fast through the lines already read. */
  skipping: boolean;
  onSkip(): void;
  onHide(): void;
  fullscreen: boolean;
  onFullscreen(): void;
  onPanel(panel: ReaderPanelName): void;
}

/** SPEC §2: the reader's top-right toolbar, with the reading-aid modes beside it. */
export function ReaderToolbar({ mode, furigana, language, onMode, onFurigana, canReadAloud, onReadAloud, auto, onAuto, skipping, onSkip, onHide, fullscreen, onFullscreen, onPanel }: ReaderToolbarProps) {
  const japanese = language === 'ja';
  const toggle = (pressed: boolean, label: string, icon: ReactNode, onClick: () => void) => (
    <button type="button" className="tool tool-mode" aria-pressed={pressed} title={label} onClick={onClick}>
      <span aria-hidden="true" className="tool-icon">
        {icon}
      </span>
      <span className="tool-label">{label}</span>
    </button>
  );
  return (
    <div
      className="reader-toolbar"
      role="toolbar"
      aria-label="Reader"
      onClick={(event) => {
        event.stopPropagation();
        // A button clicked with the mouse gives focus back to the story, so the next Space advances the
        // dialogue instead of pressing the button again; keyboard presses (detail 0) keep their focus.
        if (event.detail > 0 && event.target instanceof HTMLElement) event.target.closest('button')?.blur();
      }}
    >
      <div className="tool-group" role="group" aria-label="Reading aids">
        {/* Furigana exists only over Japanese, and stays on under the two study modes. */}
        {japanese && toggle(furigana, 'Furigana', 'ふ', onFurigana)}
        {toggle(mode === 'grammar', 'Grammar', japanese ? '文' : <GrammarIcon />, () => onMode('grammar'))}
        {toggle(mode === 'vocabulary', 'Vocabulary', japanese ? '語' : <VocabularyIcon />, () => onMode('vocabulary'))}
      </div>
      <div className="tool-group">
        <button
          type="button"
          className="tool"
          title={canReadAloud ? 'Read the line aloud (R)' : `This browser has no ${japanese ? 'Japanese' : 'English'} voice to read with`}
          aria-keyshortcuts="R"
          disabled={!canReadAloud}
          onClick={onReadAloud}
        >
          <span aria-hidden="true" className="tool-icon">
            <SpeakerIcon />
          </span>
          <span className="tool-label">Listen</span>
        </button>
        <button type="button" className="tool tool-mode tool-auto tool-compact" aria-pressed={auto} title="Auto mode (A)" aria-keyshortcuts="A" onClick={onAuto}>
          <span aria-hidden="true" className="tool-icon">
            »
          </span>
          <span className="tool-label">Auto</span>
        </button>
        <button type="button" className="tool tool-mode tool-auto tool-compact" aria-pressed={skipping} title="Skip lines already read (K)" aria-keyshortcuts="K" onClick={onSkip}>
          <span aria-hidden="true" className="tool-icon">
            ⇥
          </span>
          <span className="tool-label">Skip</span>
        </button>
        <button type="button" className="tool tool-view tool-compact" title="Hide the interface (V)" aria-keyshortcuts="V" onClick={onHide}>
          <span aria-hidden="true" className="tool-icon">
            ◎
          </span>
          <span className="tool-label">Hide</span>
        </button>
        <button
          type="button"
          className="tool tool-mode tool-view tool-compact"
          aria-pressed={fullscreen}
          title="Fullscreen (F)"
          aria-keyshortcuts="F"
          onClick={onFullscreen}
        >
          <span aria-hidden="true" className="tool-icon">
            ⛶
          </span>
          <span className="tool-label">Fullscreen</span>
        </button>
        <Link to="/home" className="tool" title="Back to stories">
          <span aria-hidden="true">⌂</span>
          <span className="tool-label">Stories</span>
        </Link>
        <button type="button" className="tool" title="Backlog (H)" aria-keyshortcuts="H" onClick={() => onPanel('backlog')}>
          <span aria-hidden="true">☰</span>
          <span className="tool-label">Backlog</span>
        </button>
        <button type="button" className="tool" title="Settings (S)" aria-keyshortcuts="S" onClick={() => onPanel('settings')}>
          <span aria-hidden="true">⚙</span>
          <span className="tool-label">Settings</span>
        </button>
        <button type="button" className="tool" title="Save (Ctrl+S) · Quick save (Q)" aria-keyshortcuts="Control+S" onClick={() => onPanel('save')}>
          <span aria-hidden="true">⤓</span>
          <span className="tool-label">Save</span>
        </button>
        <button type="button" className="tool" title="Load (Ctrl+L) · Quick load (Shift+Q)" aria-keyshortcuts="Control+L" onClick={() => onPanel('load')}>
          <span aria-hidden="true">⤒</span>
          <span className="tool-label">Load</span>
        </button>
      </div>
    </div>
  );
}

/** A small syntax tree: a sentence and the parts it is built from. */
function GrammarIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
      <rect x="5.5" y="1.5" width="5" height="3.5" rx="1" />
      <path d="M8 5v2.5M3.5 10V7.5h9V10" />
      <rect x="1.25" y="10" width="4.5" height="4.5" rx="1" />
      <rect x="10.25" y="10" width="4.5" height="4.5" rx="1" />
    </svg>
  );
}

/** An open book: words and their meanings. */
function VocabularyIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round">
      <path d="M8 4.2C6.2 2.9 4 2.7 1.5 3.3v9.4c2.5-.6 4.7-.4 6.5.9 1.8-1.3 4-1.5 6.5-.9V3.3C12 2.7 9.8 2.9 8 4.2Z" />
      <path d="M8 4.2v9.4" />
    </svg>
  );
}

/** A loudspeaker: read the line aloud. */
function SpeakerIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
      <path d="M2.5 6h2.5l3.5-3v10l-3.5-3H2.5z" fill="currentColor" stroke="none" />
      <path d="M11 5.5a3.5 3.5 0 0 1 0 5M12.8 3.5a6 6 0 0 1 0 9" />
    </svg>
  );
}
