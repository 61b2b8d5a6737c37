import { useId, type CSSProperties } from 'react';
import { useSnapshot } from 'valtio';
import {
  preferences,
  resetPreferences,
  setShowFurigana,
  setTextSpeed,
  TEXT_SPEED_MAX,
  TEXT_SPEED_MIN,
} from '../../state/preferences';
import { ReaderPanel } from './ReaderPanel';

export interface SettingsPanelProps {
  onClose(): void;
}

/** Settings (SPEC §2): text speed 10–100 characters per second, furigana, Reset to Defaults. */
export function SettingsPanel({ onClose }: SettingsPanelProps) {
  const snap = useSnapshot(preferences, { sync: true });
  const speedId = useId();
  const furiganaHintId = useId();
  const speedText = `${snap.textSpeed} characters per second`;
  const fill = ((snap.textSpeed - TEXT_SPEED_MIN) / (TEXT_SPEED_MAX - TEXT_SPEED_MIN)) * 100;

  return (
    <ReaderPanel title="Settings" onClose={onClose} className="rp-panel--settings">
      <div className="rp-panel__body rp-settings">
        <div className="rp-field">
          <div className="rp-field__row">
            <label htmlFor={speedId} className="rp-field__label">
              Text speed
            </label>
            <output htmlFor={speedId} className="rp-field__value">
              {speedText}
            </output>
          </div>
          <input
            id={speedId}
            className="rp-range"
            type="range"
            min={TEXT_SPEED_MIN}
            max={TEXT_SPEED_MAX}
            step={1}
            value={snap.textSpeed}
            aria-valuetext={speedText}
            style={{ '--rp-fill': `${fill}%` } as CSSProperties}
            onChange={(event) => setTextSpeed(Number(event.currentTarget.value))}
          />
          <div className="rp-range__scale" aria-hidden="true">
            <span>Slower</span>
            <span>Faster</span>
          </div>
        </div>

        <div className="rp-field">
          <label className="rp-check">
            <input
              type="checkbox"
              checked={snap.showFurigana}
              aria-describedby={furiganaHintId}
              onChange={(event) => setShowFurigana(event.currentTarget.checked)}
            />
            <span className="rp-check__box" aria-hidden="true" />
            <span className="rp-check__label">Show furigana</span>
          </label>
          <p id={furiganaHintId} className="rp-hint">
            Readings above the kanji of Japanese stories.
          </p>
        </div>
      </div>
      <footer className="rp-panel__footer">
        <p className="rp-hint">Saved on this device.</p>
        <button type="button" className="rp-button rp-button--ghost" onClick={resetPreferences}>
          Reset to Defaults
        </button>
      </footer>
    </ReaderPanel>
  );
}
