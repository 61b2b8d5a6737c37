import { createFileRoute, Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { reviewApi } from '../../net/review-api';
import type { Language } from '../../shared/language';
import { rememberedStoryChoice } from '../../state/story-choice';
import { Alert } from '../../ui/forms';
import { APP_PAGE_TITLES, head } from '../../ui/page-head';
import { ProgressCharts } from '../../ui/progress/ProgressCharts';
import { Spinner } from '../../ui/Spinner';
import { useRemote } from '../../ui/use-remote';
import { LANGUAGE_LABELS } from '../../ui/words/LanguageSelect';

export const Route = createFileRoute('/_authed/progress')({ head: () => head(APP_PAGE_TITLES.progress), component: ProgressPage });


function ProgressPage() {
  // The language the learner last chose for a story first; they can switch.
  const [language, setLanguage] = useState<Language>(() => rememberedStoryChoice().language ?? 'ja');
  const load = useCallback(() => reviewApi.progress(language), [language]);
  const [progress, retry] = useRemote(load);

  return (
    <div className="container progress-route">
      <div className="review-head">
        <h1>Your progress</h1>
        <Link to="/review" className="topbar-link">
          Review →
        </Link>
      </div>
      <div className="progress-languages" role="group" aria-label="Language">
        {(['ja', 'en'] as const).map((value) => (
          <button key={value} type="button" className={`btn btn-small ${language === value ? 'btn-primary' : 'btn-ghost'}`} aria-pressed={language === value} onClick={() => setLanguage(value)}>
            {LANGUAGE_LABELS[value]}
          </button>
        ))}
      </div>
      {progress.status === 'loading' ? <Spinner label="Loading your progress" /> : null}
      {progress.status === 'error' ? (
        <div>
          <Alert kind="error">Could not load your progress. Try again.</Alert>
          <button type="button" className="btn btn-secondary" onClick={retry}>
            Try again
          </button>
        </div>
      ) : null}
      {progress.status === 'ready' ? <ProgressCharts progress={progress.data} /> : null}
    </div>
  );
}
