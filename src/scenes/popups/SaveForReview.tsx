import { useEffect, useState } from 'react';
import { ApiError } from '../../net/http';
import { reviewApi } from '../../net/review-api';
import type { SaveCard } from '../../shared/review';
import { refreshReviewDue } from '../../state/review-due';
import { setWordStates } from '../../state/word-knowledge';

type Status = 'checking' | 'unsaved' | 'saving' | 'saved' | { error: string };

/**
 * "Save for review" in the word and grammar popups: the word (or pattern) becomes a review card with this
 * sentence and story; a word saved before shows "Saved" instead, so nothing is saved twice.
 */
export function SaveForReview({ card }: { card: SaveCard }) {
  const [status, setStatus] = useState<Status>('checking');
  const { language, key } = card;

  useEffect(() => {
    let live = true;
    reviewApi.saved(language, [key]).then(
      (saved) => live && setStatus(saved.has(key) ? 'saved' : 'unsaved'),
      () => live && setStatus('unsaved'),
    );
    return () => {
      live = false;
    };
  }, [language, key]);

  const save = async () => {
    setStatus('saving');
    try {
      const result = await reviewApi.save(card);
      if (result.word && card.kind === 'word') setWordStates(language, { [key]: result.word });
      setStatus('saved');
      void refreshReviewDue();
    } catch (error) {
      setStatus({ error: error instanceof ApiError ? error.message : 'Could not save the card. Try again.' });
    }
  };

  if (status === 'saved') {
    return (
      <span className="rp-saved" role="status" aria-label="Saved for review">
        ✓ Saved
      </span>
    );
  }
  return (
    <>
      <button type="button" className="rp-button rp-button--small" onClick={() => void save()} disabled={status === 'checking' || status === 'saving'}>
        {status === 'saving' ? 'Saving…' : 'Save for review'}
      </button>
      {typeof status === 'object' ? (
        <p className="rp-popup__error" role="alert">
          {status.error}
        </p>
      ) : null}
    </>
  );
}
