import { useId, type CSSProperties } from 'react';
import { useSnapshot } from 'valtio';
import {
  preferences,
  READ_ALOUD_RATE_MAX,
  READ_ALOUD_RATE_MIN,
  resetPreferences,
  setAutoAdvance,
  setAutoAdvanceDelay,
  setReadAloudAuto,
  setReadAloudRate,
  setAutoKnown,
  setFurigana,
  setReadAloudVoice,
  setShowFurigana,
  type FuriganaRule,
  setTextSpeed,
  TEXT_SPEED_MAX,
  TEXT_SPEED_MIN,
} from '../../state/preferences';
import { AUTO_DELAY_MAX_S, AUTO_DELAY_MIN_S } from '../auto-advance';
import { bestVoice, voicesFor } from '../read-aloud';
import { useVoices } from '../reader/use-read-aloud';
import type { Language } from '../../shared/language';
import { AnkiSettingsSection } from './AnkiSettingsSection';
import { ReaderPanel } from './ReaderPanel';

export interface SettingsPanelProps {
  /** The language of the story being read; furigana means nothing over English. */
  language?: Language | null;
  onClose(): void;
}

/** Settings (SPEC §2): text speed 10–100 characters per second, furigana, read-aloud, Reset to Defaults. */
export function SettingsPanel({ language = null, onClose }: SettingsPanelProps) {
  const snap = useSnapshot(preferences, { sync: true });
  const furiganaHintId = useId();
  const ruleId = useId();
  const speedText = `${snap.textSpeed} characters per second`;
  // The setting stays visible (it applies again to the next Japanese story) but cannot be changed here.
  const furiganaOff = language === 'en';
  const voiceLanguage = language ?? 'ja';
  const voices = voicesFor(useVoices(), voiceLanguage);
  const voice = bestVoice(voices, voiceLanguage, snap.readAloudVoices[voiceLanguage]);
  const voiceId = useId();
  const languageName = voiceLanguage === 'ja' ? 'Japanese' : 'English';
  const autoText = `${snap.autoAdvanceDelay.toFixed(1)} s per 30 characters`;

  return (
    <ReaderPanel title="Settings" onClose={onClose} className="rp-panel--settings">
      <div className="rp-panel__body rp-settings">
        <div className="rp-field">
          <RangeField
            label="Text speed"
            shown={speedText}
            min={TEXT_SPEED_MIN}
            max={TEXT_SPEED_MAX}
            step={1}
            value={snap.textSpeed}
            valueText={speedText}
            onChange={setTextSpeed}
          />
          <div className="rp-range__scale" aria-hidden="true">
            <span>Slower</span>
            <span>Faster</span>
          </div>
        </div>

        <div className="rp-field">
          <label className={furiganaOff ? 'rp-check rp-check--disabled' : 'rp-check'}>
            <input
              type="checkbox"
              checked={snap.showFurigana}
              disabled={furiganaOff}
              aria-describedby={furiganaHintId}
              onChange={(event) => setShowFurigana(event.currentTarget.checked)}
            />
            <span className="rp-check__box" aria-hidden="true" />
            <span className="rp-check__label">Show furigana</span>
          </label>
          <p id={furiganaHintId} className="rp-hint">
            {furiganaOff
              ? 'Readings above the kanji of Japanese stories. This story is in English, so there are none to show.'
              : 'Readings above the kanji of Japanese stories.'}
          </p>
          <div className="rp-field__row">
            <label htmlFor={ruleId} className="rp-field__label">
              Furigana over
            </label>
            <select
              id={ruleId}
              className="rp-select"
              value={snap.furiganaRule}
              disabled={furiganaOff || !snap.showFurigana}
              onChange={(event) => setFurigana(event.currentTarget.value as FuriganaRule)}
            >
              <option value="all">Every word</option>
              <option value="above-level">Words above the story’s level</option>
              <option value="unknown">Words I don’t know yet</option>
            </select>
          </div>
        </div>

        <fieldset className="rp-field rp-fieldset">
          <legend className="rp-field__label">Words you know</legend>
          <label className="rp-check">
            <input type="checkbox" checked={snap.autoKnown} onChange={(event) => setAutoKnown(event.currentTarget.checked)} />
            <span className="rp-check__box" aria-hidden="true" />
            <span className="rp-check__label">At the end of a scene, mark the words I read without looking up as known</span>
          </label>
          <p className="rp-hint">You can undo it each time, and mark any word from its popup in vocabulary mode.</p>
        </fieldset>

        <fieldset className="rp-field rp-fieldset">
          <legend className="rp-field__label">Auto mode</legend>
          <label className="rp-check">
            <input type="checkbox" checked={snap.autoAdvance} onChange={(event) => setAutoAdvance(event.currentTarget.checked)} />
            <span className="rp-check__box" aria-hidden="true" />
            <span className="rp-check__label">Move on by itself once a line is shown (A)</span>
          </label>
          <RangeField
            label="Pause"
            shown={autoText}
            min={AUTO_DELAY_MIN_S}
            max={AUTO_DELAY_MAX_S}
            step={0.5}
            value={snap.autoAdvanceDelay}
            valueText={autoText}
            onChange={setAutoAdvanceDelay}
          />
          <p className="rp-hint">Longer lines wait longer; it stops at choices, while a panel is open and when you press or tap.</p>
        </fieldset>

        <fieldset className="rp-field rp-fieldset">
          <legend className="rp-field__label">Read aloud</legend>
          {voices.length === 0 ? (
            <p className="rp-hint">This browser has no {languageName} voice, so lines cannot be read aloud here.</p>
          ) : (
            <>
              <label className="rp-check">
                <input type="checkbox" checked={snap.readAloudAuto} onChange={(event) => setReadAloudAuto(event.currentTarget.checked)} />
                <span className="rp-check__box" aria-hidden="true" />
                <span className="rp-check__label">Read each new line aloud</span>
              </label>
              <div className="rp-field__row">
                <label htmlFor={voiceId} className="rp-field__label">
                  Voice
                </label>
                <select
                  id={voiceId}
                  className="rp-select"
                  value={voice?.voiceURI ?? ''}
                  onChange={(event) => setReadAloudVoice(voiceLanguage, event.currentTarget.value)}
                >
                  {voices.map((v) => (
                    <option key={v.voiceURI} value={v.voiceURI}>
                      {v.name}
                    </option>
                  ))}
                </select>
              </div>
              <RangeField
                label="Speed"
                shown={`${snap.readAloudRate.toFixed(1)}×`}
                min={READ_ALOUD_RATE_MIN}
                max={READ_ALOUD_RATE_MAX}
                step={0.1}
                value={snap.readAloudRate}
                valueText={`${snap.readAloudRate.toFixed(1)} times normal speed`}
                onChange={setReadAloudRate}
              />
            </>
          )}
        </fieldset>

        <AnkiSettingsSection />
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

/** A labelled slider: the label and the value as shown above it, then the slider. */
function RangeField({ label, shown, ...range }: Omit<RangeProps, 'id'> & { label: string; shown: string }) {
  const id = useId();
  return (
    <>
      <div className="rp-field__row">
        <label htmlFor={id} className="rp-field__label">
          {label}
        </label>
        <output htmlFor={id} className="rp-field__value">
          {shown}
        </output>
      </div>
      <Range id={id} {...range} />
    </>
  );
}

interface RangeProps {
  id: string;
  min: number;
  max: number;
  step: number;
  value: number;
  valueText: string;
  onChange(value: number): void;
}

/** A slider whose track is filled up to the thumb (the fill is a CSS variable the stylesheet paints). */
function Range({ id, min, max, step, value, valueText, onChange }: RangeProps) {
  return (
    <input
      id={id}
      className="rp-range"
      type="range"
      min={min}
      max={max}
      step={step}
      value={value}
      aria-valuetext={valueText}
      style={{ '--rp-fill': `${((value - min) / (max - min)) * 100}%` } as CSSProperties}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
    />
  );
}
