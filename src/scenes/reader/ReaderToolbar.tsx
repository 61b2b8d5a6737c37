import { Link } from '@tanstack/react-router';
import type { ViewMode } from '../session';

export type ReaderPanelName = 'backlog' | 'settings' | 'save' | 'load';

interface ReaderToolbarProps {
  mode: ViewMode;
  furiganaAvailable: boolean;
  onMode(mode: Exclude<ViewMode, 'none'>): void;
  onPanel(panel: ReaderPanelName): void;
}

/** SPEC §2: the reader's top-right toolbar, with the reading-aid modes beside it. */
export function ReaderToolbar({ mode, furiganaAvailable, onMode, onPanel }: ReaderToolbarProps) {
  const modeButton = (name: Exclude<ViewMode, 'none'>, label: string, glyph: string) => (
    <button type="button" className="tool tool-mode" aria-pressed={mode === name} title={label} onClick={() => onMode(name)}>
      <span aria-hidden="true">{glyph}</span>
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
        {furiganaAvailable && modeButton('furigana', 'Furigana', 'ふ')}
        {modeButton('grammar', 'Grammar', '文')}
        {modeButton('vocabulary', 'Vocabulary', '語')}
      </div>
      <div className="tool-group">
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
        <button type="button" className="tool" title="Save (Ctrl+S)" aria-keyshortcuts="Control+S" onClick={() => onPanel('save')}>
          <span aria-hidden="true">⤓</span>
          <span className="tool-label">Save</span>
        </button>
        <button type="button" className="tool" title="Load (Ctrl+L)" aria-keyshortcuts="Control+L" onClick={() => onPanel('load')}>
          <span aria-hidden="true">⤒</span>
          <span className="tool-label">Load</span>
        </button>
      </div>
    </div>
  );
}
