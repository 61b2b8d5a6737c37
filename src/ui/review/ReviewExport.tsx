import { useState } from 'react';
import { ApiError } from '../../net/http';
import { reviewApi } from '../../net/review-api';
import type { Language } from '../../shared/language';
import { saveFile } from '../account/DataExport';
import { Alert } from '../forms';
import { LANGUAGE_LABELS } from '../words/LanguageSelect';

/** Saved cards as a file Anki imports as it is (File › Import): deck, columns and tags named in its header. */
export function ReviewExport() {
  const [error, setError] = useState<string | null>(null);
  const download = async (language: Language) => {
    setError(null);
    try {
      saveFile(await reviewApi.exportText(language), 'text/plain;charset=utf-8', `kotoba-tales-${language}-words.txt`);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Could not export your cards. Try again.');
    }
  };
  return (
    <section className="review-export" aria-labelledby="review-export-heading">
      <h2 id="review-export-heading">Your cards in Anki</h2>
      <p className="muted">A text file with Anki's import headers: open it with File › Import in Anki.</p>
      <div className="actions">
        {(['ja', 'en'] as const).map((language) => (
          <button key={language} type="button" className="btn btn-secondary btn-small" onClick={() => void download(language)}>
            Export {LANGUAGE_LABELS[language]} cards
          </button>
        ))}
      </div>
      {error ? <Alert kind="error">{error}</Alert> : null}
    </section>
  );
}
