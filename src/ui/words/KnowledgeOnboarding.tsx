import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { wordsApi } from '../../net/words-api';
import { useImportFlow } from './ImportFlow';
import { LevelImport } from './LevelImport';

/**
 * After the first sign-in: "what do you already know?", so a learner past N5 does not see every word of an
 * N4 story coloured as new. Answered or skipped once, on any device.
 */
export function KnowledgeOnboarding() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let live = true;
    wordsApi.summary().then((summary) => live && setOpen(!summary.onboarded), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  const finish = () => {
    setOpen(false);
    void wordsApi.onboarded().catch(() => undefined);
  };
  const flow = useImportFlow(() => void wordsApi.onboarded().catch(() => undefined));
  if (!open) return null;
  return (
    <section className="card onboarding-card" aria-labelledby="onboarding-heading">
      <h2 id="onboarding-heading">What do you already know?</h2>
      <p>
        Tell us your level and every word up to it counts as known: vocabulary mode then marks only what is new to you. You can also import a word list or
        your Anki deck from <Link to="/account" hash="words">Account › Words you know</Link>.
      </p>
      <LevelImport flow={flow} idPrefix="onboarding" />
      <div className="form-buttons">
        <button type="button" className="btn btn-ghost btn-small" onClick={finish}>
          {flow.step.kind === 'done' ? 'Done' : 'I’m new to it · Skip'}
        </button>
      </div>
    </section>
  );
}
