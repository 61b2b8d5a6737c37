import { useRef, useState } from 'react';
import { api } from '../../net/api';
import type { StorySummary } from '../../shared/story-views';
import { failureMessage } from '../account/SecuritySettings';
import { Dialog } from '../Dialog';
import { Alert } from '../forms';

/**
 * Asks before a story leaves My Stories for good. Removing does not give the story back to the month's
 * allowance: it was counted when it was started.
 */
export function RemoveStoryDialog({ story, onClose, onRemoved }: { story: StorySummary; onClose: () => void; onRemoved: () => void }) {
  const [state, setState] = useState<{ kind: 'idle' | 'removing' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const cancelRef = useRef<HTMLButtonElement>(null);

  const remove = async () => {
    setState({ kind: 'removing' });
    try {
      await api.removeStory(story.id);
      onRemoved();
    } catch (caught) {
      setState({ kind: 'error', message: failureMessage(caught, 'Failed to remove the story. Please try again.') });
    }
  };

  return (
    <Dialog
      title="Remove this story?"
      icon="!"
      className="remove-story-dialog"
      initialFocus={cancelRef}
      onClose={state.kind === 'removing' ? () => undefined : onClose}
      description={
        <p>
          <cite className="story-cite" lang={story.language}>{story.title || 'This story'}</cite> goes from My Stories with its progress and any saves
          of it. It cannot be undone, and it does not give a story back to this month’s allowance.
        </p>
      }
    >
      {state.kind === 'error' && <Alert kind="error">{state.message}</Alert>}
      <div className="modal-actions">
        <button ref={cancelRef} type="button" className="btn btn-secondary" onClick={onClose} disabled={state.kind === 'removing'}>
          Keep it
        </button>
        <button type="button" className="btn btn-danger" onClick={() => void remove()} disabled={state.kind === 'removing'} aria-busy={state.kind === 'removing' || undefined}>
          {state.kind === 'removing' ? 'Removing…' : 'Remove story'}
        </button>
      </div>
    </Dialog>
  );
}
