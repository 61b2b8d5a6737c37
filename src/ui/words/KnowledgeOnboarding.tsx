import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { wordsApi } from '../../net/words-api';
import { auth, refreshUser } from '../../state/auth';
import { useImportFlow } from './ImportFlow';
import { LevelImport } from './LevelImport';

/**
 * After the first sign-in: "what do you already know?", so a learner past N5 does not see every word of an
 * N4 story coloured as new. Answered or skipped once, on any device. It starts as one line under the heading
 * (the story creator stays in view on a phone) and opens into the level form.
 */
export function KnowledgeOnboarding() {
  const { user } = useSnapshot(auth);
  // Asked with the profile, so the question is in the page's first layout rather than pushing it down later.
  const [open, setOpen] = useState(user?.words_onboarded === false);
  const [expanded, setExpanded] = useState(false);
  const done = () => void wordsApi.onboarded().then(() => refreshUser()).catch(() => undefined);
  const finish = () => {
    setOpen(false);
    done();
  };
  const flow = useImportFlow(done);
  if (!open) return null;
  return (
    <section className="onboarding-callout" aria-labelledby="onboarding-heading">
      <div className="onboarding-callout__head">
        <p>
          <strong id="onboarding-heading">What do you already know?</strong> Give your level and vocabulary mode marks only what is new to you.
        </p>
        <div className="onboarding-callout__actions">
          {!expanded && (
            <button type="button" className="btn btn-primary btn-small" onClick={() => setExpanded(true)}>
              Set my level
            </button>
          )}
          <button type="button" className="btn btn-ghost btn-small" onClick={finish}>
            {flow.step.kind === 'done' ? 'Done' : 'Not now'}
          </button>
        </div>
      </div>
      {expanded && (
        <>
          <LevelImport flow={flow} idPrefix="onboarding" />
          <p className="field-hint">
            Word lists and Anki decks: <Link to="/account" hash="words">Account › Words you know</Link>.
          </p>
        </>
      )}
    </section>
  );
}
