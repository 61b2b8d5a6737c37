import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../net/http';
import { reviewApi } from '../../net/review-api';
import { useReadAloud } from '../../scenes/reader/use-read-aloud';
import { GRADE_LABELS, GRADES, type Grade, type ReviewQueue } from '../../shared/review';
import { setReviewDue } from '../../state/review-due';
import { Alert } from '../forms';
import { Spinner } from '../Spinner';
import { ReviewExport } from './ReviewExport';
import { reviewAction } from './review-keys';
import { ReviewLimits } from './ReviewLimits';
import { SentenceWithWord } from './SentenceWithWord';

/** What each grade means, under its button: the learner grades how the recall felt, FSRS does the rest. */
const GRADE_HINTS: Record<Grade, string> = { again: 'Forgot', hard: 'Slow', good: 'Recalled', easy: 'Instantly' };

const failure = (error: unknown, fallback: string) => (error instanceof ApiError && error.message ? error.message : fallback);

function untilText(iso: string): string {
  const minutes = Math.max(1, Math.round((Date.parse(iso) - Date.now()) / 60_000));
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `in ${hours} h`;
  return `on ${new Date(iso).toLocaleDateString('en', { month: 'short', day: 'numeric' })}`;
}

/**
 * The review page: the card's front is its sentence from the story with the word marked; the back adds the
 * reading, meaning and grammar note, read aloud on request; four grades with keys 1–4 and large buttons for
 * thumbs; the last grade can be undone. The server schedules (FSRS) and keeps the day's limits.
 */
export function ReviewSession() {
  const [queue, setQueue] = useState<ReviewQueue | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [canUndo, setCanUndo] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const answerRef = useRef<HTMLButtonElement>(null);
  const card = queue?.cards[0] ?? null;

  const show = useCallback((next: ReviewQueue) => {
    setQueue(next);
    setReviewDue(next.due + next.new);
    setLoadError(null);
  }, []);
  /** Asks for the queue again; false when it could not be had (the page says so). */
  const load = useCallback(async (): Promise<boolean> => {
    try {
      show(await reviewApi.queue());
      return true;
    } catch (error) {
      setLoadError(failure(error, 'Could not load your cards. Try again.'));
      return false;
    }
  }, [show]);

  useEffect(() => {
    let live = true;
    reviewApi.queue().then(
      (next) => live && show(next),
      (error: unknown) => live && setLoadError(failure(error, 'Could not load your cards. Try again.')),
    );
    return () => {
      live = false;
    };
  }, [show]);

  // A learning step comes due a few minutes later: the page picks it up by itself.
  useEffect(() => {
    if (!queue || queue.cards.length > 0 || !queue.next_due) return;
    const wait = Date.parse(queue.next_due) - Date.now();
    if (wait > 30 * 60_000) return;
    const timer = setTimeout(() => void load(), Math.max(1_000, wait + 500));
    return () => clearTimeout(timer);
  }, [queue, load]);

  // The reader's read-aloud: the learner's voice and rate; no button where the browser has no voice.
  const readAloud = useReadAloud(card?.language ?? null);
  const { speak: say } = readAloud;
  const speak = useCallback(() => {
    if (card) void say(card.word);
  }, [card, say]);

  // Keys come faster than renders: the handler reads what is on screen from refs, not from its closure.
  const revealedRef = useRef(false);
  const busyRef = useRef(false);
  const showRevealed = (value: boolean) => {
    revealedRef.current = value;
    setRevealed(value);
  };
  const setWorking = (value: boolean) => {
    busyRef.current = value;
    setBusy(value);
  };

  const reveal = useCallback(() => {
    showRevealed(true);
    setAnnouncement('Answer shown');
  }, []);

  const grade = useCallback(
    async (value: Grade) => {
      if (!card || busyRef.current) return;
      setWorking(true);
      setActionError(null);
      try {
        const result = await reviewApi.grade(card.id, value);
        setCanUndo(true);
        showRevealed(false);
        const becameKnown = result.word?.status === 'known' && result.word_change ? ` ${card.word} is now a known word.` : '';
        setAnnouncement(`Graded ${GRADE_LABELS[value]}.${becameKnown}`);
        // Without the next queue, the card graded at least leaves the screen: it must not be graded twice.
        if (!(await load())) setQueue((current) => current && { ...current, cards: current.cards.filter((c) => c.id !== card.id) });
      } catch (error) {
        setActionError(failure(error, 'Could not save the grade. Try again.'));
        busyRef.current = false;
      } finally {
        // The keys wait for the next card's render (see below); the buttons come back now.
        setBusy(false);
      }
    },
    [card, load],
  );

  const undo = useCallback(async () => {
    if (busyRef.current || !canUndo) return;
    setWorking(true);
    setActionError(null);
    try {
      const result = await reviewApi.undo();
      showRevealed(false);
      setAnnouncement(`Last grade undone: ${result.card.word} is back.`);
      const next = await reviewApi.queue();
      // The card undone is shown first again, whatever the queue's order.
      setQueue({ ...next, cards: [result.card, ...next.cards.filter((c) => c.id !== result.card.id)] });
      setReviewDue(next.due + next.new);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setCanUndo(false);
      setActionError(failure(error, 'Could not undo. Try again.'));
      busyRef.current = false;
    } finally {
      setBusy(false);
    }
  }, [canUndo]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, select, textarea, [role="dialog"]')) return;
      // A focused button or link takes Enter itself (and a button Space); the page's keys are for everything else.
      if (target?.closest('button, summary') && (event.key === ' ' || event.key === 'Enter')) return;
      if (target?.closest('a') && event.key === 'Enter') return;
      const action = reviewAction(event, revealedRef.current);
      if (!action) return;
      event.preventDefault();
      if (action.kind === 'undo') void undo();
      else if (!card) return;
      else if (action.kind === 'reveal') reveal();
      else if (action.kind === 'grade') void grade(action.grade);
      else speak();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [card, grade, undo, reveal, speak]);

  // Each card starts on its Show answer button, so Space and Enter answer it wherever focus was before.
  const cardId = card?.id;
  useEffect(() => {
    if (cardId) answerRef.current?.focus({ preventScroll: true });
  }, [cardId]);

  // Keys are taken again once the next card is on screen and the handler above knows it: a key pressed
  // between a grade and the next card's render must not grade the card just graded.
  useEffect(() => {
    busyRef.current = false;
  }, [queue]);

  if (loadError && !queue) {
    return (
      <div className="review-empty">
        <Alert kind="error">{loadError}</Alert>
        <button type="button" className="btn btn-secondary" onClick={() => void load()}>
          Try again
        </button>
      </div>
    );
  }
  if (!queue) return <Spinner label="Loading your cards" />;

  return (
    <>
      <div className="review-bar">
        <p className="review-counts" aria-label={`${queue.due} reviews due, ${queue.new} new cards, ${queue.done_today} done today`}>
          <span className="review-count review-count--due">{queue.due} due</span>
          <span className="review-count review-count--new">{queue.new} new</span>
          <span className="review-count">{queue.done_today} done today</span>
        </p>
        <div className="review-bar__actions">
          <button type="button" className="btn btn-ghost btn-small" onClick={() => void undo()} disabled={!canUndo || busy} aria-keyshortcuts="Z">
            ↶ Undo
          </button>
          <ReviewLimits settings={queue.settings} onSaved={() => void load()} />
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {actionError ? <Alert kind="error">{actionError}</Alert> : null}
      {loadError ? <Alert kind="error">{loadError}</Alert> : null}

      {card ? (
        <article className="review-card" aria-label={`Card: ${card.word}`}>
          <div className="review-card__front">
            <SentenceWithWord card={card} />
            <p className="review-source">
              {card.kind === 'grammar' ? 'Grammar · ' : ''}
              {card.story_title ? `${card.story_title}${card.scene_number ? `, scene ${card.scene_number}` : ''}` : 'Saved while reading'}
              {card.state === 'new' ? <span className="badge review-new-badge">New</span> : null}
            </p>
          </div>
          {revealed ? (
            <div className="review-card__back">
              <div className="review-word-line">
                <h2 className="review-word" lang={card.language}>
                  {card.word}
                </h2>
                {card.reading && card.reading !== card.word ? (
                  <p className="review-reading" lang={card.language}>
                    {card.reading}
                  </p>
                ) : null}
                {readAloud.available ? (
                  <button type="button" className="btn btn-ghost btn-small review-speak" onClick={speak} aria-keyshortcuts="R">
                    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" className="review-speak__icon">
                      <path d="M2 6h3l4-3v10l-4-3H2z" fill="currentColor" />
                      <path d="M11 5.5a3.5 3.5 0 0 1 0 5M12.5 3.5a6 6 0 0 1 0 9" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
                    </svg>
                    Read aloud
                  </button>
                ) : null}
              </div>
              {card.meaning ? <p className="review-meaning">{card.meaning}</p> : null}
              {card.grammar_note ? <p className="review-note">{card.grammar_note}</p> : null}
              <div className="review-grades" role="group" aria-label="How well did you recall it?">
                {GRADES.map((value, index) => (
                  <button
                    key={value}
                    type="button"
                    className={`review-grade review-grade--${value}`}
                    onClick={() => void grade(value)}
                    disabled={busy}
                    aria-keyshortcuts={String(index + 1)}
                  >
                    <span className="review-grade__label">{GRADE_LABELS[value]}</span>
                    <span className="review-grade__hint">
                      <kbd>{index + 1}</kbd> {GRADE_HINTS[value]}
                    </span>
                  </button>
                ))}
              </div>
            </div>
          ) : (
            <button ref={answerRef} type="button" className="btn btn-primary review-show" onClick={reveal} aria-keyshortcuts="Space Enter">
              Show answer <kbd>Space</kbd>
            </button>
          )}
        </article>
      ) : (
        <div className="review-empty card">
          {queue.done_today > 0 ? <h2>Done for now</h2> : <h2>Nothing to review</h2>}
          <p>
            {queue.next_due
              ? `The next card comes due ${untilText(queue.next_due)}.`
              : 'Save words while you read: in vocabulary mode, open a word and press Save for review.'}
          </p>
          <Link to="/home" className="btn btn-primary">
            Read a story
          </Link>
        </div>
      )}
      <ReviewExport />
    </>
  );
}
