import type { Subscription } from '../shared/api';
import { formatDate } from './format';

/** SPEC §2 monthly usage block: generated, remaining, limit and a progress bar. */
export function UsageMeter({ subscription }: { subscription: Subscription }) {
  if (subscription.tier === 'pro') {
    return (
      <div className="usage">
        <p>
          <strong>{subscription.stories_generated}</strong> stories generated this month · unlimited with Pro
        </p>
      </div>
    );
  }
  const { stories_generated: generated, stories_limit: limit, stories_remaining: remaining } = subscription;
  const percent = limit > 0 ? Math.min(100, Math.round((generated / limit) * 100)) : 0;
  return (
    <div className="usage">
      <dl className="usage-figures">
        <div>
          <dt>Stories generated</dt>
          <dd>{generated}</dd>
        </div>
        <div>
          <dt>Stories remaining</dt>
          <dd>{remaining}</dd>
        </div>
        <div>
          <dt>Monthly limit</dt>
          <dd>{limit}</dd>
        </div>
      </dl>
      <div
        className="progress"
        role="progressbar"
        aria-label="Monthly stories used"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={generated}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="muted small">Your quota starts again on {formatDate(subscription.renewal_date)}.</p>
    </div>
  );
}
