import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { api } from '../../net/api';
import { startStory } from '../../scenes/story-creation';
import type { Language, StoryLevel } from '../../shared/language';
import { CUSTOM_PROMPT_MAX, LEVEL_OPTIONS, THEMES, type ThemeId } from '../../shared/stories';
import type { LibraryAvailability } from '../../shared/story-views';
import { refreshUser } from '../../state/auth';
import { rememberedStoryChoice, rememberStoryChoice } from '../../state/story-choice';
import { openUpgrade } from '../../state/upgrade';
import { Alert } from '../forms';
import { Spinner } from '../Spinner';
import { VerificationModal } from '../VerificationModal';
import {
  creationErrorMessage,
  EMAIL_VERIFICATION_REQUIRED,
  SUBSCRIPTION_LIMIT_REACHED,
  toCreationFailure,
} from './creation-errors';
import './history-state';
import { LibraryNotice } from './LibraryNotice';
import { RadioCards, type RadioCardOption } from './RadioCards';
import { LANGUAGE_NAMES, themeGlyph } from './story-labels';
import { useRemote } from '../use-remote';
import { useLevelCoverage } from '../words/coverage';

/** SPEC §2 and §9: repeated clicks on Start Reading within this window are ignored. */
export const CLICK_LOCK_MS = 600;

const LANGUAGE_OPTIONS: readonly RadioCardOption<Language>[] = [
  { value: 'ja', title: 'Japanese', description: 'with furigana support', glyph: 'あ', glyphLang: 'ja' },
  { value: 'en', title: 'English', description: 'natural dialogue', glyph: 'Aa', glyphLang: 'en' },
];

const LEVEL_CHOICES: Record<Language, readonly RadioCardOption<StoryLevel>[]> = {
  ja: LEVEL_OPTIONS.ja.map((option) => ({ value: option.level, code: option.level, title: option.name, description: option.description })),
  en: LEVEL_OPTIONS.en.map((option) => ({ value: option.level, code: option.level, title: option.name, description: option.description })),
};

/** SPEC §2: the button names what is still missing, in this order. */
/** A level's card says how much of the level's word list the learner knows: whether its stories are i+1. */
function withCoverage<V extends string>(option: RadioCardOption<V>, coverage: { known: number; total: number } | undefined): RadioCardOption<V> {
  if (!coverage || coverage.total === 0 || coverage.known === 0) return option;
  const percent = Math.floor((coverage.known / coverage.total) * 100);
  return { ...option, note: `${percent}% of its words known` };
}

export function actionLabel(choice: { language: Language | null; level: StoryLevel | null; theme: ThemeId | null }): string {
  if (!choice.language) return 'Select a Language First';
  if (!choice.level) return 'Select a Difficulty Level';
  if (!choice.theme) return 'Select a Story Theme';
  return 'Start Reading';
}

/**
 * The story creation screen of SPEC §2: language, level and theme, then Start Reading. It is the page's main
 * action, so it carries the page heading; `notice` (e.g. the e-mail verification call-out) shows under it.
 * The last language and level are remembered in this browser and chosen again, so a returning learner
 * goes straight to the theme.
 */
export function StoryCreator({ notice }: { notice?: ReactNode }) {
  const navigate = useNavigate();
  const [remembered] = useState(rememberedStoryChoice);
  const [language, setLanguage] = useState<Language | null>(remembered.language);
  const [level, setLevel] = useState<StoryLevel | null>(remembered.level);
  const [theme, setTheme] = useState<ThemeId | null>(null);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [verifyOpen, setVerifyOpen] = useState(false);
  const [wish, setWish] = useState('');
  const [themes, retryThemes] = useRemote(api.themes);
  const availability = useAvailability(language, level, theme, wish);
  const levelCoverage = useLevelCoverage(language);
  const lastClick = useRef(Number.NEGATIVE_INFINITY);
  const inFlight = useRef(false);

  const chooseLanguage = (next: Language) => {
    // SPEC §2: changing the language clears the chosen level.
    const nextLevel = next === language ? level : null;
    setLanguage(next);
    setLevel(nextLevel);
    setError(null);
    rememberStoryChoice({ language: next, level: nextLevel });
  };

  const chooseLevel = (next: StoryLevel) => {
    setLevel(next);
    rememberStoryChoice({ language, level: next });
  };

  const ready = language !== null && level !== null && theme !== null;

  const start = async () => {
    if (!language || !level || !theme) return;
    const now = Date.now();
    if (inFlight.current || now - lastClick.current < CLICK_LOCK_MS) return;
    lastClick.current = now;
    inFlight.current = true;
    setCreating(true);
    setError(null);
    try {
      const { storyId, generationId } = await startStory({ language, level, theme, wish });
      await navigate({ to: '/reader/$storyId', params: { storyId }, state: { generationId } });
    } catch (caught) {
      const failure = toCreationFailure(caught);
      if (failure.code === SUBSCRIPTION_LIMIT_REACHED) {
        openUpgrade();
        void refreshUser().catch(() => undefined);
      }
      if (failure.code === EMAIL_VERIFICATION_REQUIRED) setVerifyOpen(true);
      setError(creationErrorMessage(failure));
    } finally {
      inFlight.current = false;
      setCreating(false);
    }
  };

  const levelOption = language && level ? LEVEL_CHOICES[language].find((option) => option.value === level) : undefined;
  const levelName = levelOption && `${levelOption.code} ${levelOption.title}`;
  const themeTitle = themes.status === 'ready' ? themes.data.find((item) => item.id === theme)?.name : undefined;
  const summary = [language && LANGUAGE_NAMES[language], levelName, themeTitle].filter(Boolean).join(' · ');

  return (
    <section className="card creator" aria-labelledby="creator-heading" id="create-story">
      <header className="creator-header">
        <h1 id="creator-heading" className="creator-title">
          AI-Generated Visual Novels for Language Learning
        </h1>
      </header>
      {notice}

      <RadioCards
        step={1}
        legend="Choose Your Language"
        name="story-language"
        variant="large"
        options={LANGUAGE_OPTIONS}
        value={language}
        onChange={chooseLanguage}
        disabled={creating}
      />

      {language ? (
        <RadioCards
          step={2}
          legend={language === 'ja' ? 'Choose Your JLPT Level' : 'Choose Your CEFR Level'}
          name="story-level"
          variant="compact"
          options={LEVEL_CHOICES[language].map((option) => withCoverage(option, levelCoverage[option.value]))}
          value={level}
          onChange={chooseLevel}
          disabled={creating}
        />
      ) : (
        <div className="step step-pending">
          <div className="step-legend">
            <span className="step-number" aria-hidden="true">
              2
            </span>
            <p className="step-pending-text">Your level: choose a language first to see its levels.</p>
          </div>
        </div>
      )}

      {themes.status === 'ready' ? (
        <RadioCards
          step={3}
          legend="Choose Your Story"
          name="story-theme"
          variant="grid"
          options={themes.data.map((item) => ({
            value: item.id,
            title: item.name,
            description: item.description,
            glyph: themeGlyph(item.id),
            glyphLang: 'ja',
            tone: item.id,
          }))}
          value={theme}
          onChange={setTheme}
          disabled={creating}
        />
      ) : (
        <div className="step" role="group" aria-labelledby="themes-heading">
          <div className="step-legend">
            <span className="step-number" aria-hidden="true">
              3
            </span>
            <h2 id="themes-heading">Choose Your Story</h2>
          </div>
          {themes.status === 'loading' ? (
            <ThemeSkeleton />
          ) : (
            <div className="load-failed">
              <Alert kind="error">Failed to load story themes</Alert>
              <button type="button" className="btn btn-secondary btn-small" onClick={retryThemes}>
                Try again
              </button>
            </div>
          )}
        </div>
      )}

      <div className="step">
        <div className="step-legend">
          <span className="step-number" aria-hidden="true">
            4
          </span>
          <h2 id="wish-heading">
            <label htmlFor="story-wish">Anything you would like in it?</label> <span className="optional">(optional)</span>
          </h2>
        </div>
        <input
          id="story-wish"
          className="wish-input"
          type="text"
          maxLength={CUSTOM_PROMPT_MAX}
          value={wish}
          onChange={(event) => setWish(event.target.value)}
          placeholder="A place, an animal, a mood: the sea, a cat, a festival…"
          aria-describedby="story-wish-hint"
          disabled={creating}
        />
        <p id="story-wish-hint" className="field-hint">
          An idea for the story, not a rule: it never changes your level or language.
        </p>
      </div>

      <div className="creator-footer">
        {availability && language && theme && (
          <LibraryNotice
            availability={availability}
            language={language}
            theme={theme}
            onChoose={(nextTheme, nextLevel) => {
              setTheme(nextTheme);
              chooseLevel(nextLevel);
            }}
          />
        )}
        {error && <Alert kind="error">{error}</Alert>}
        <div className="creator-action">
          <p className="visually-hidden" role="status">
            {creating ? 'Creating your story. This can take a little while.' : ''}
          </p>
          <p className="creator-summary">
            {summary || 'Nothing chosen yet'}
          </p>
          <button
            type="button"
            className="btn btn-primary btn-large creator-start"
            disabled={!ready || creating}
            aria-busy={creating || undefined}
            onClick={() => void start()}
          >
            {creating && <span className="spinner spinner-on-button" aria-hidden="true" />}
            {creating ? 'Creating Your Story...' : actionLabel({ language, level, theme })}
          </button>
        </div>
      </div>

      <VerificationModal open={verifyOpen} onClose={() => setVerifyOpen(false)} />
    </section>
  );
}

/** What the library would give for these options (null with a model storyteller, or until known). */
function useAvailability(language: Language | null, level: StoryLevel | null, theme: ThemeId | null, wish: string): LibraryAvailability | null {
  const [answer, setAnswer] = useState<{ key: string; library: LibraryAvailability | null } | null>(null);
  const key = JSON.stringify([language, level, theme, wish.trim()]);
  useEffect(() => {
    if (!language || !level || !theme) return;
    let live = true;
    // A wish being typed is asked about once the typing pauses.
    const timer = setTimeout(() => {
      api.availability({ language, level, theme, custom_prompt: wish.trim() || undefined }).then(
        (data) => live && setAnswer({ key, library: data.library }),
        () => live && setAnswer({ key, library: null }),
      );
    }, wish.trim() ? 350 : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, language, level, theme, wish]);
  return answer?.key === key ? answer.library : null;
}

/**
 * Stands in for the theme grid while it loads, drawn with the same grid and card boxes so the page does
 * not move when the themes arrive (the server offers the same themes as THEMES).
 */
function ThemeSkeleton() {
  return (
    <div className="theme-skeleton">
      <Spinner label="Loading story themes…" />
      <div className="option-grid option-grid-grid" aria-hidden="true">
        {THEMES.map((item) => (
          <span key={item.id} className="option-card skeleton-card">
            <span className="option-glyph skeleton-block" />
            <span className="option-text">
              <span className="option-title skeleton-line">{item.name}</span>
              <span className="option-description skeleton-line">{item.description}</span>
            </span>
          </span>
        ))}
      </div>
    </div>
  );
}
