import { useState, type FormEvent } from 'react';
import { ApiError } from '../../net/http';
import { reviewApi } from '../../net/review-api';
import { REVIEW_LIMIT_MAX, type ReviewSettings } from '../../shared/review';
import { Dialog } from '../Dialog';
import { Alert, Field } from '../forms';

/** Review › Settings: how many new cards and reviews a day, kept on the account so every device agrees. */
export function ReviewLimits({ settings, onSaved }: { settings: ReviewSettings; onSaved(next: ReviewSettings): void }) {
  const [open, setOpen] = useState(false);
  const [newPerDay, setNewPerDay] = useState(String(settings.new_per_day));
  const [reviewsPerDay, setReviewsPerDay] = useState(String(settings.reviews_per_day));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const openDialog = () => {
    setNewPerDay(String(settings.new_per_day));
    setReviewsPerDay(String(settings.reviews_per_day));
    setError(null);
    setOpen(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      // Sent as typed: the server says in its own words what is wrong with a value.
      const next = await reviewApi.updateSettings({ new_per_day: Number(newPerDay), reviews_per_day: Number(reviewsPerDay) });
      setOpen(false);
      onSaved(next);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Could not save the settings. Try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <button type="button" className="btn btn-ghost btn-small" onClick={openDialog}>
        ⚙ Settings
      </button>
      {open ? (
        <Dialog title="Review settings" description={<p className="muted">Cards beyond these wait for the next day.</p>} onClose={() => setOpen(false)}>
          <form className="review-limits" onSubmit={(event) => void submit(event)} noValidate>
            <Field label="New cards a day" type="number" inputMode="numeric" min={0} max={REVIEW_LIMIT_MAX} value={newPerDay} onChange={(e) => setNewPerDay(e.target.value)} />
            <Field label="Reviews a day" type="number" inputMode="numeric" min={0} max={REVIEW_LIMIT_MAX} value={reviewsPerDay} onChange={(e) => setReviewsPerDay(e.target.value)} />
            {error ? <Alert kind="error">{error}</Alert> : null}
            <div className="actions">
              <button type="submit" className="btn btn-primary" disabled={saving}>
                {saving ? 'Saving…' : 'Save'}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
                Cancel
              </button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </>
  );
}
