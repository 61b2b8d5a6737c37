import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type WheelEvent } from 'react';
import { useSnapshot } from 'valtio';
import type { TextGeometry } from '../../engine';
import { api } from '../../net/api';
import { preferences, setAutoAdvance, setShowFurigana } from '../../state/preferences';
import { Spinner } from '../../ui/Spinner';
import type { AnalysisResult } from '../../shared/language';
import { wordsApi } from '../../net/words-api';
import { loadWordStates, setWordStates, wordKnowledge, wordState } from '../../state/word-knowledge';
import { analyseLine, isCastName, matchingPatterns, matchingWords, vocabularyTargets } from '../analysis';
import { furiganaFor } from '../furigana-rule';
import { autoAdvanceDelayMs } from '../auto-advance';
import { readLineMarkup } from '../line-markup';
import { BacklogPanel } from '../panels/BacklogPanel';
import { failureMessage } from '../panels/error-message';
import { KeysPanel } from '../panels/KeysPanel';
import type { BacklogScene } from '../panels/backlog-types';
import { SaveLoadModal } from '../panels/SaveLoadModal';
import { SettingsPanel } from '../panels/SettingsPanel';
import { GrammarPopup } from '../popups/GrammarPopup';
import { VocabularyPopup } from '../popups/VocabularyPopup';
import { checkStory } from '../reader-entry';
import { choicesVisible, currentLine, currentScene, endingVisible, isLastLine, shownLine as lineOnScreen, waitingForLines, type ViewMode } from '../session';
import { connection, session, storyPath, storySocket } from '../story-connection';
import { ChoiceList } from './ChoiceList';
import { DialogueOverlay, shownHighlights, type Highlight } from './DialogueOverlay';
import { glyphsRect, offsetAtPoint, TextLayer } from './TextLayer';
import { commandForKey, keyBelongsToTarget } from './reader-keys';
import { useFullscreen } from './use-fullscreen';
import { useReadAloud } from './use-read-aloud';
import { useDueWords } from './use-due-words';
import { useTouchGestures } from './use-touch-gestures';
import { WordLegend, WordsSummary, type WordsMarked } from './WordsSummary';
import { ReaderToolbar, type ReaderPanelName } from './ReaderToolbar';
import { hintPlacement } from './text-boxes';
import { backgroundView, lineView, spriteView } from './stage-views';
import type { StageHandle } from '../stage/ReaderStage';

/** How long the line on screen must stay before it is kept as the place to reopen. */
const POSITION_DEBOUNCE_MS = 250;
/** Skip's pace: a line a step, fast but still seen go by. */
const SKIP_STEP_MS = 70;

interface ReaderScreenProps {
  storyId: string;
  /** Handed over by the creation screen (or a load of another story's save). */
  generationId?: string;
  lineIndex?: number;
}

type Popup = { highlight: Highlight; anchor: DOMRect; lineId: string | null };

// Pixi loads only with the reader.
const ReaderStage = lazy(() => import('../stage/ReaderStage'));

/** `value`, or the one given before while it is equal in content (for props compared by identity). */
function useSameValue<T>(value: T): T {
  const key = JSON.stringify(value);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => value, [key]);
}

const coarsePointer = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/** The reading screen: the Pixi stage, the DOM over it, and the panels, all driven by the story session. */
export function ReaderScreen({ storyId, generationId, lineIndex }: ReaderScreenProps) {
  const navigate = useNavigate();
  const state = useSnapshot(session.state);
  const prefs = useSnapshot(preferences);
  const link = useSnapshot(connection);
  const [entered, setEntered] = useState(false);
  const [stage, setStage] = useState<StageHandle | null>(null);
  const [geometry, setGeometry] = useState<TextGeometry | null>(null);
  const [progress, setProgress] = useState<{ lineId: string | null; revealed: number }>({ lineId: null, revealed: 0 });
  const shownLine = useRef<string | null>(null);
  const [panel, setPanel] = useState<ReaderPanelName | null>(null);
  const [popup, setPopup] = useState<Popup | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [extensionHint, setExtensionHint] = useState(true);
  const [touch] = useState(coarsePointer);
  // The interface hidden to look at the picture (V, Hide, a two-finger tap); any input brings it back.
  const [bare, setBare] = useState(false);
  // Skip (K): fast through the lines already read (the server remembers them), stopping at the first unread.
  const [skipping, setSkipping] = useState(false);
  const fullscreen = useFullscreen();

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 2500);
    return () => clearTimeout(timer);
  }, [notice]);

  // Reader entry (SPEC §4): check the story, then follow it on the socket.
  useEffect(() => {
    const controller = new AbortController();
    void checkStory(() => api.story(storyId), controller.signal).then((story) => {
      if (controller.signal.aborted) return;
      if (!story) return void navigate({ to: '/' });
      const continuing = session.state.storyId === story.id && session.state.scenes.length > 0;
      // A save loaded or a line asked for by navigation wins; otherwise the line the learner last reached.
      session.enter(story, generationId, lineIndex ?? storyPath.reachedLine(story));
      // The scenes before this one, back to scene 1, for the backlog and rollback (a reload forgets nothing).
      void storyPath.loadHistory(story.id).catch(() => undefined);
      storySocket.connect(story.id);
      if (!continuing && story.current_scene?.status !== 'complete') storySocket.send({ type: 'get_current_scene' });
      setEntered(true);
    });
    return () => {
      controller.abort();
      storySocket.disconnect();
    };
  }, [storyId, generationId, lineIndex, navigate]);

  // The line on screen: the current one, or an earlier one while the learner looks back (rollback).
  const line = lineOnScreen(state);
  const present = currentLine(state);
  const scene = currentScene(state);
  const lineId = line ? `${line.sceneId}:${line.index}` : null;
  const markup = useMemo(() => (line ? readLineMarkup(line.html_text, line.text) : null), [line]);
  const showChoices = choicesVisible(state);
  const showEnding = endingVisible(state);
  const waiting = waitingForLines(state);
  const processing = state.choice.processing || (state.generating && (scene?.lines.length ?? 0) === 0);

  // The stage draws what the session holds. A line's view is taken as it comes on screen: it being read in
  // full later must not start it again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stagedLine = useMemo(() => lineView(session.state), [lineId, state.language]);
  // The same picture and figure keep the same props, so the stage's tree is not rendered again for every
  // character the typewriter shows.
  const background = useSameValue(backgroundView(state));
  const sprite = useSameValue(spriteView(state));
  useEffect(() => {
    shownLine.current = lineId;
  }, [lineId]);
  const onProgress = useCallback((revealed: number, complete: boolean) => {
    setProgress({ lineId: shownLine.current, revealed });
    // A line looked back at says nothing about the current one.
    if (complete && !session.state.rollback) session.markRevealed();
  }, []);
  const revealed = progress.lineId === lineId ? progress.revealed : 0;
  const indicator = state.rollback ? 'more' : state.lineRevealed && !showChoices && !waiting && !showEnding && line ? (isLastLine(state) ? 'last' : 'more') : null;

  // Grammar and vocabulary modes, and furigana by knowledge, ask the analysis call about the line on screen.
  const mode = state.viewMode;
  const context = useMemo(() => (state.language && state.level ? { language: state.language, level: state.level } : null), [state.language, state.level]);
  const cast = useMemo(() => state.characters.map((character) => character.name), [state.characters]);
  const lineScene = line ? state.scenes.find((s) => s.sceneId === line.sceneId) : undefined;
  const cardSource = useMemo(
    () => ({ storyId: state.storyId ?? undefined, sceneId: lineScene?.sceneId, storyTitle: state.title, sceneNumber: lineScene?.sceneNumber }),
    [state.storyId, state.title, lineScene?.sceneId, lineScene?.sceneNumber],
  );
  // Furigana is a setting of its own that stays on under grammar and vocabulary modes (docs/decisions.md,
  // "Reader"): an N5 reader keeps the readings at the very moment they study the line.
  const furigana = state.language === 'ja' && prefs.showFurigana;
  const furiganaByWord = furigana && prefs.furiganaRule !== 'all';
  const needsWords = mode === 'vocabulary' || furiganaByWord;
  const [lineAnalysis, setLineAnalysis] = useState<{ text: string; result: AnalysisResult | null } | null>(null);
  useEffect(() => {
    if ((mode !== 'grammar' && !needsWords) || !line || !context) return;
    let live = true;
    analyseLine(line.text, context).then(
      (result) => live && setLineAnalysis({ text: line.text, result }),
      () => live && setLineAnalysis({ text: line.text, result: null }),
    );
    return () => {
      live = false;
    };
  }, [mode, needsWords, line, context]);
  const lineResult = line && lineAnalysis?.text === line.text ? lineAnalysis : null;
  // The learner's statuses of the line's words: colours in vocabulary mode, and which words keep furigana.
  const knowledge = useSnapshot(wordKnowledge);
  useEffect(() => {
    if (!needsWords || !lineResult?.result || !context) return;
    void loadWordStates(context.language, lineResult.result.vocabulary_words.map((word) => word.key)).catch(() => undefined);
  }, [needsWords, lineResult, context]);
  const stateOf = useCallback((key: string) => wordState(knowledge.states, context?.language ?? 'ja', key), [knowledge, context]);
  const dueWords = useDueWords(mode === 'vocabulary' ? (context?.language ?? null) : null);
  const isDue = useCallback((key: string) => dueWords.has(key), [dueWords]);
  const analysis = useMemo(() => {
    if (!line || !context || !lineResult || (mode !== 'grammar' && mode !== 'vocabulary')) return null;
    const { result } = lineResult;
    if (!result) return { text: line.text, mode, highlights: [], failed: true };
    const highlights: Highlight[] =
      mode === 'grammar'
        ? matchingPatterns(line.text, result.grammar_patterns).map((pattern) => ({ kind: 'grammar', pattern }))
        : vocabularyTargets(line.text, result.vocabulary_words, context.level, line.new_words, cast).map((word) => ({ kind: 'vocabulary', word }));
    return { text: line.text, mode, highlights };
  }, [line, context, lineResult, mode, cast]);
  const highlights = shownHighlights(mode, analysis, line?.text, state.lineRevealed);
  const rubies = useMemo(() => {
    if (!markup || !context) return [];
    if (!furiganaByWord) return markup.rubies;
    const words = !lineResult ? null : lineResult.result ? matchingWords(markup.text, lineResult.result.vocabulary_words) : 'failed';
    return furiganaFor(markup.rubies, prefs.furiganaRule, words, context.level, stateOf);
  }, [markup, context, furiganaByWord, lineResult, prefs.furiganaRule, stateOf]);

  // A scene's end (its choices or its ending on screen): its words count as seen, once, and with the setting
  // the ones never looked up become known, with a summary to undo it.
  const [wordsMarked, setWordsMarked] = useState<WordsMarked | null>(null);
  const finishedScenes = useRef(new Set<string>());
  const finishedScene = (showChoices || showEnding) && !state.rollback ? scene?.sceneId : undefined;
  useEffect(() => {
    const language = context?.language;
    if (!finishedScene || !language || finishedScenes.current.has(finishedScene)) return;
    finishedScenes.current.add(finishedScene);
    wordsApi.sceneFinished(finishedScene, preferences.autoKnown).then(
      ({ known, change }) => {
        setWordStates(language, Object.fromEntries(known.map((key) => [key, { status: 'known', stage: 0 } as const])));
        if (change && known.length > 0) setWordsMarked({ count: known.length, changeId: change.id, language });
      },
      () => finishedScenes.current.delete(finishedScene),
    );
  }, [finishedScene, context]);
  const closeWordsSummary = useCallback(() => setWordsMarked(null), []);

  const toggleMode = useCallback((next: Exclude<ViewMode, 'none'>) => {
    session.toggleViewMode(next);
    setPopup(null);
  }, []);
  const toggleFurigana = useCallback(() => setShowFurigana(!preferences.showFurigana), []);

  // Read-aloud: the line on screen from its text (never the furigana), on request or, with the setting,
  // as each new line appears.
  const readAloud = useReadAloud(state.language);
  const lineText = line?.text;
  // The server keeps the line the learner reached, so the story reopens there (here or on another device).
  const reachedScene = present?.sceneId;
  const reachedLine = present?.index;
  // Debounced: a learner pressing through lines sends the one they stop at.
  useEffect(() => {
    if (!entered || reachedScene === undefined || reachedLine === undefined) return;
    const send = () => storySocket.send({ type: 'read_to', scene_id: reachedScene, line_index: reachedLine });
    const timer = setTimeout(send, POSITION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [entered, reachedScene, reachedLine]);

  const readLine = useCallback(() => void (lineText && readAloud.speak(lineText)), [lineText, readAloud]);
  const autoRead = prefs.readAloudAuto && readAloud.available;
  // The line whose reading aloud has ended: auto mode waits for the voice.
  const [spoken, setSpoken] = useState<string | null>(null);
  useEffect(() => {
    if (!autoRead || !lineText) return;
    const id = lineId;
    void readAloud.speak(lineText).then(() => setSpoken(id));
    // Once per line: a change of voice or rate applies from the next line on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoRead, lineId]);

  /** The next step: the rest of the line, the next page, or the next line. */
  const step = useCallback(() => {
    if (!stage || !session.state.scenes.length) return;
    if (!stage.complete) return stage.revealAll();
    session.advance();
  }, [stage]);
  // The learner's own press or tap; it also ends auto mode (they have taken over).
  const advance = useCallback(() => {
    if (preferences.autoAdvance) setAutoAdvance(false);
    setSkipping(false);
    // While looking back, a press goes forward through the lines already read, back to the present.
    if (session.state.rollback) return void session.rollForward();
    step();
  }, [step]);

  // A popup belongs to the line it was opened on.
  const openPopup = popup?.lineId === lineId ? popup : null;

  // Auto mode: once the page on screen is shown (and read aloud, with that setting), wait in proportion to
  // its length and move on; never past choices, while a panel or popup is open, or while lines are awaited.
  const lastGlyph = geometry?.glyphs.at(-1);
  const pageShown = state.lineRevealed || (!!lastGlyph && revealed >= lastGlyph.end);
  const pageText = line && geometry?.glyphs.length ? line.text.slice(geometry.glyphs[0]!.start, lastGlyph!.end) : (lineText ?? '');
  const autoWaiting =
    prefs.autoAdvance && entered && !bare && !state.rollback && !!line && pageShown && !showChoices && !showEnding && !waiting && !processing && !panel && !openPopup && (!autoRead || spoken === lineId);
  useEffect(() => {
    if (!autoWaiting) return;
    const timer = setTimeout(step, autoAdvanceDelayMs(pageText, prefs.autoAdvanceDelay));
    return () => clearTimeout(timer);
  }, [autoWaiting, pageText, prefs.autoAdvanceDelay, step]);

  useEffect(() => {
    if (!skipping || !stage || panel || openPopup || state.rollback) return;
    const timer = setTimeout(() => {
      const scene = currentScene(session.state);
      const at = session.state.lineIndex;
      const last = !scene || at >= scene.lines.length - 1;
      if (!scene || last || at > scene.readTo) {
        setSkipping(false);
        setNotice(last && scene?.choices.length ? 'Skip stopped at the choices' : 'Skip stopped at the first line you have not read');
        if (scene && !stage.complete) stage.revealAll();
        return;
      }
      if (!stage.complete) stage.revealAll();
      session.advance();
    }, SKIP_STEP_MS);
    return () => clearTimeout(timer);
  }, [skipping, stage, panel, openPopup, state.rollback, state.lineIndex]);

  const quickSave = useCallback(async () => {
    const { storyId: id, lineIndex: at } = session.state;
    if (!id) return;
    try {
      await api.quickSave(id, at);
      setNotice('Quick saved · Shift+Q to load');
    } catch (caught) {
      setNotice(failureMessage(caught, 'Failed to save story'));
    }
  }, []);
  const quickLoad = useCallback(async () => {
    const id = session.state.storyId;
    if (!id) return;
    try {
      const { save, scene: view } = await api.quickLoad(id);
      setPopup(null);
      session.loadScene(view, save.story_state.line_index);
      setNotice('Quick save loaded');
      void storyPath.loadHistory(id).catch(() => undefined);
    } catch (caught) {
      setNotice(failureMessage(caught, 'Failed to load story'));
    }
  }, []);

  const hideInterface = useCallback(() => {
    setPopup(null);
    setBare(true);
  }, []);
  const rootRef = useRef<HTMLElement>(null);
  // A long press on the line's text: the word under the finger in the vocabulary popup, in any mode.
  const lookUpWordAt = useCallback(
    async (x: number, y: number) => {
      const shown = lineOnScreen(session.state);
      const offset = offsetAtPoint(x, y);
      if (!shown || !context || offset === null) return;
      const result = await analyseLine(shown.text, context).catch(() => null);
      const word = result && matchingWords(shown.text, result.vocabulary_words).find((w) => w.start <= offset && offset < w.end);
      const anchor = word && glyphsRect(word.start, word.end);
      if (!word || !anchor) return setNotice(result ? 'No word to look up there' : 'Could not look the word up. Try again.');
      if (isCastName(word, session.state.characters.map((character) => character.name))) return setNotice(`${word.surface} is a character in this story`);
      setPopup({ highlight: { kind: 'vocabulary', word }, anchor, lineId: `${shown.sceneId}:${shown.index}` });
    },
    [context],
  );
  const gestures = useMemo(
    () => ({
      onTwoFingerTap: hideInterface,
      onSwipeUp: () => (setPopup(null), setPanel('backlog')),
      onSwipeDown: () => session.rollBack(),
      onLongPress: (x: number, y: number) => void lookUpWordAt(x, y),
    }),
    [hideInterface, lookUpWordAt],
  );
  // The mouse wheel rolls back (up) and forward (down), a notch at a time however fine the wheel or trackpad.
  const wheel = useRef({ sum: 0, at: 0 });
  const onWheel = (event: WheelEvent<HTMLElement>) => {
    if (panel || (event.target instanceof Element && event.target.closest('[role="dialog"], [role="toolbar"]'))) return;
    const now = performance.now();
    if (now - wheel.current.at > 250) wheel.current.sum = 0;
    wheel.current.sum += event.deltaY;
    if (Math.abs(wheel.current.sum) < 40 || now - wheel.current.at < 120) return;
    wheel.current = { sum: 0, at: now };
    setPopup(null);
    if (event.deltaY < 0) session.rollBack();
    else session.rollForward();
  };
  useTouchGestures(rootRef, gestures);

  const closeAll = useCallback(() => {
    if (openPopup) return setPopup(null);
    setPanel(null);
  }, [openPopup]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (bare) {
        event.preventDefault();
        return setBare(false);
      }
      const command = commandForKey(event);
      if (!command) return;
      if (command === 'close') return closeAll();
      if (command === 'save' || command === 'load') {
        event.preventDefault();
        setPopup(null);
        return setPanel(command);
      }
      if (panel || keyBelongsToTarget(command, event.target)) return;
      event.preventDefault();
      if (command === 'advance') advance();
      else if (command === 'read-aloud') readLine();
      else if (command === 'auto') setAutoAdvance(!preferences.autoAdvance);
      else if (command === 'skip') setSkipping((on) => !on);
      else if (command === 'hide') hideInterface();
      else if (command === 'fullscreen') fullscreen.toggle();
      else if (command === 'quick-save') void quickSave();
      else if (command === 'roll-back' || command === 'roll-forward') {
        setPopup(null);
        if (command === 'roll-back') session.rollBack();
        else session.rollForward();
      }
      else if (command === 'quick-load') void quickLoad();
      else setPanel(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [advance, bare, closeAll, fullscreen, hideInterface, panel, quickLoad, quickSave, readLine]);

  // Built only while the panel is open: the screen renders on every character the typewriter shows.
  const backlog = (): BacklogScene[] =>
    state.scenes.map((s, i) => {
      const last = i === state.scenes.length - 1;
      return {
        sceneId: s.sceneId,
        sceneNumber: s.sceneNumber,
        location: s.setting?.location ?? null,
        lines: (last ? s.lines.slice(0, state.lineIndex + 1) : s.lines).map((l) => ({ speaker: l.speaker, text: l.text })),
        choiceMade: s.choiceMade,
        // The scene on screen offers its choices itself; earlier ones offer the paths not taken.
        otherPaths: last || !s.choiceMadeId ? [] : s.choices.filter((c) => c.id !== s.choiceMadeId).map((c) => ({ ...c, readBefore: s.branches.includes(c.id) })),
      };
    });
  const [earlier, setEarlier] = useState<'idle' | 'loading' | 'failed'>('idle');
  const showEarlier = () => {
    if (!state.storyId) return;
    setEarlier('loading');
    storyPath.loadEarlier(state.storyId).then(
      () => setEarlier('idle'),
      () => setEarlier('failed'),
    );
  };
  const readOtherPath = (sceneId: string, choiceId: string, at: 'left' | 'start' = 'left') => {
    const id = session.state.storyId;
    if (!id) return;
    setPanel(null);
    setPopup(null);
    setSkipping(false);
    storyPath.readOtherPath(id, sceneId, choiceId, at).then(
      (outcome) => outcome === 'reopened' && setNotice(at === 'start' ? 'A scene you have read before' : 'Back on the path you read before'),
      (caught: unknown) => setNotice(failureMessage(caught, 'Failed to open the other path')),
    );
  };
  // A choice taken again (after loading an earlier save) opens the scene already written for it: the story
  // stays one tree, and nothing is written twice.
  const choose = (choiceId: string) => {
    const scene = currentScene(session.state);
    if (scene?.branches.includes(choiceId)) readOtherPath(scene.sceneId, choiceId, 'start');
    else session.choose(choiceId);
  };

  const hint = (() => {
    if (!line || showChoices || showEnding) return null;
    if (skipping) return touch ? 'Skipping lines already read · Tap to stop' : 'Skipping lines already read · Press K or Space to stop';
    if (state.rollback) return touch ? 'Looking back · Tap to go forward' : 'Looking back · Scroll down or press PageDown to return';
    if (prefs.autoAdvance && pageShown) return touch ? 'Auto mode · Tap to stop' : 'Auto mode · Press A or Space to stop';
    // A line longer than the box stops at the end of each page.
    if (!state.lineRevealed && lastGlyph && revealed >= lastGlyph.end) return touch ? 'Tap ► for the rest of the line' : 'Press Space or click ► for the rest of the line';
    if (!state.lineRevealed) return touch ? 'Tap to skip' : 'Press Space to skip';
    if (waiting) return 'The story is being written...';
    if (mode === 'grammar') return touch ? 'Tap a pattern to explain it · Tap ► to continue' : 'Click a highlighted pattern for its explanation · Press Space or click ► to continue';
    // Vocabulary mode marks only the words worth a look; a line may have none.
    const nothingToLookUp =
      mode === 'vocabulary' && analysis?.mode === mode && analysis.text === line.text && !analysis.failed && analysis.highlights.length === 0;
    if (nothingToLookUp) return touch ? 'Nothing to look up here · Tap ► to continue' : 'Nothing to look up in this line · Press Space or click ► to continue';
    if (mode === 'vocabulary') return touch ? 'Tap a word for its meaning · Tap ► to continue' : 'Click a highlighted word for its meaning · Press Space or click ► to continue';
    return touch ? 'Tap ► to continue' : 'Press Space or click ► to continue';
  })();

  const hintPlace = geometry && stage ? hintPlacement(geometry, stage.layout) : null;
  const readAhead = !!scene && !state.rollback && !skipping && !showChoices && state.lineIndex < scene.readTo;

  return (
    <main ref={rootRef} className={bare ? 'reader reader--bare' : 'reader'} aria-label={state.title || 'Reader'} onWheel={onWheel}>
      <div className="reader-stage" onClick={advance}>
        <Suspense fallback={null}>
          <ReaderStage
            ref={setStage}
            background={background}
            sprite={sprite}
            line={stagedLine}
            textSpeed={prefs.textSpeed}
            indicator={indicator}
            dialogueHidden={bare}
            onProgress={onProgress}
            onGeometry={setGeometry}
          />
        </Suspense>
      </div>
      {bare && (
        // Over everything while the interface is hidden: the first press, tap or wheel only brings it back.
        <button
          type="button"
          className="reader-unhide"
          aria-label="Show the interface"
          onClick={() => setBare(false)}
          onWheel={(event) => {
            // Only this: the reader's own wheel would roll back too.
            event.stopPropagation();
            setBare(false);
          }}
        />
      )}
      {geometry && (
        <div className="reader-overlay">
          {line && state.language && (
            <TextLayer geometry={geometry} text={line.text} language={state.language} revealed={revealed} onClick={advance} />
          )}
          <DialogueOverlay
            geometry={geometry}
            mode={mode}
            furigana={furigana}
            revealed={revealed}
            rubies={rubies}
            wordStatus={mode === 'vocabulary' ? stateOf : undefined}
            isDue={mode === 'vocabulary' ? isDue : undefined}
            highlights={highlights}
            onOpen={(highlight, anchor) => setPopup({ highlight, anchor, lineId })}
          />
          {hint && hintPlace && (
            <p
              className={`dialogue-hint dialogue-hint--${hintPlace.over}`}
              style={{ left: hintPlace.left, top: hintPlace.top, width: hintPlace.width }}
            >
              <span>{hint}</span>
            </p>
          )}
        </div>
      )}

      <p className="visually-hidden reader-live" aria-live="polite">
        {line ? `${line.speaker ? `${line.speaker}: ` : ''}${line.text}` : ''}
      </p>

      <ReaderToolbar
        mode={mode}
        furigana={furigana}
        language={state.language}
        onMode={toggleMode}
        onFurigana={toggleFurigana}
        canReadAloud={readAloud.available}
        onReadAloud={readLine}
        auto={prefs.autoAdvance}
        onAuto={() => setAutoAdvance(!preferences.autoAdvance)}
        skipping={skipping}
        onSkip={() => setSkipping((on) => !on)}
        onHide={hideInterface}
        fullscreen={fullscreen.active}
        onFullscreen={fullscreen.toggle}
        onPanel={(p) => (setPopup(null), setPanel(p))}
      />

      {/* A phone's toolbar has no room for Skip: it is offered here when lines already read lie ahead. */}
      {readAhead && hintPlace && (
        <button
          type="button"
          className="reader-skip-chip"
          style={{ top: hintPlace.above - 44, left: hintPlace.left + hintPlace.width }}
          onClick={(event) => (event.stopPropagation(), setSkipping(true))}
        >
          <span aria-hidden="true">⇥</span> Skip read lines
        </button>
      )}

      {/* Vocabulary mode is its own dictionary: its legend takes the tip's place. */}
      {state.language === 'ja' && entered && !touch && extensionHint && mode !== 'vocabulary' && (
        <p className="reader-extension-hint" onClick={(event) => event.stopPropagation()}>
          Tip: a pop-up dictionary browser extension such as Yomitan shows any word’s meaning when you hover over it.
          <button type="button" className="reader-hint-close" aria-label="Dismiss tip" onClick={() => setExtensionHint(false)}>
            ×
          </button>
        </p>
      )}

      {showChoices && scene && (
        <ChoiceList
          key={scene.sceneId}
          choices={scene.choices}
          disabled={state.choice.processing}
          language={state.language}
          furigana={furigana}
          onChoose={choose}
        />
      )}

      {showEnding && scene && (
        <section className="reader-ending" aria-labelledby="ending-title" onClick={(event) => event.stopPropagation()}>
          <p className="eyebrow">The End</p>
          <h2 id="ending-title">{scene.endingTitle ?? state.title}</h2>
          <p>You finished “{state.title}”. Every choice you made is in the backlog, where any of them can lead you down the other path.</p>
          <div className="reader-ending-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setPanel('backlog')}>
              Read the Backlog
            </button>
            <Link to="/home" className="btn btn-primary">
              Start a New Story
            </Link>
          </div>
        </section>
      )}

      {processing && entered && (
        <div className="reader-generating">
          <Spinner label="Generating next scene..." />
          {state.choice.hint && <p className="reader-generating-hint">{state.choice.hint}</p>}
        </div>
      )}

      {!entered && (
        <div className="reader-generating">
          <Spinner label="Opening your story..." />
        </div>
      )}

      {(state.error || link.connectionFailed || (entered && link.state === 'CONNECTING' && state.scenes.length > 0)) && (
        <div className="reader-banner" role="alert" onClick={(event) => event.stopPropagation()}>
          {state.error ? (
            <span>The story could not go on: {state.error}</span>
          ) : link.connectionFailed ? (
            <>
              <span>Connection lost.</span>
              <button type="button" className="btn btn-small" onClick={() => storySocket.connect(storyId)}>
                Reconnect
              </button>
            </>
          ) : (
            <span>Reconnecting...</span>
          )}
        </div>
      )}

      {wordsMarked && <WordsSummary key={wordsMarked.changeId} marked={wordsMarked} onDone={closeWordsSummary} />}
      {mode === 'vocabulary' && line && !bare && <WordLegend />}

      {notice && (
        <p className="reader-notice" role="status">
          {notice}
        </p>
      )}

      {openPopup && context && line && openPopup.highlight.kind === 'grammar' && (
        <GrammarPopup pattern={openPopup.highlight.pattern} sentence={line.text} context={context} anchor={openPopup.anchor} source={cardSource} onClose={() => setPopup(null)} />
      )}
      {openPopup && context && line && openPopup.highlight.kind === 'vocabulary' && (
        <VocabularyPopup
          word={openPopup.highlight.word}
          sentence={line.text}
          context={context}
          anchor={openPopup.anchor}
          source={cardSource}
          onClose={() => setPopup(null)}
        />
      )}

      {panel === 'backlog' && (
        <BacklogPanel
          scenes={backlog()}
          earlier={state.historyMore ? earlier : null}
          onShowEarlier={showEarlier}
          onReadOtherPath={readOtherPath}
          onSpeak={readAloud.available ? readAloud.speak : undefined}
          onClose={() => setPanel(null)}
        />
      )}
      {panel === 'settings' && <SettingsPanel language={state.language} onClose={() => setPanel(null)} />}
      {panel === 'help' && <KeysPanel onClose={() => setPanel(null)} />}
      {(panel === 'save' || panel === 'load') && (
        <SaveLoadModal
          mode={panel}
          storyId={state.storyId}
          lineIndex={state.lineIndex}
          onClose={() => setPanel(null)}
          onModeChange={(next) => setPanel(next)}
          onSaved={(save) => setNotice(`Saved to Slot ${(save.slot_index ?? 0) + 1}`)}
          onLoaded={({ save, scene: view }) => {
            setPanel(null);
            if (save.story_id === session.state.storyId) {
              session.loadScene(view, save.story_state.line_index);
              void storyPath.loadHistory(save.story_id).catch(() => undefined);
            } else
              void navigate({
                to: '/reader/$storyId',
                params: { storyId: save.story_id },
                state: { generationId: view.generation_id ?? undefined, lineIndex: save.story_state.line_index },
              });
          }}
        />
      )}
    </main>
  );
}
