import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../../net/api';
import type { StorySummary } from '../../shared/story-views';
import { Alert } from '../forms';
import { Spinner } from '../Spinner';
import { lastReadLabel } from './relative-time';
import { RemoveStoryDialog } from './RemoveStoryDialog';
import { LANGUAGE_NAMES, themeGlyph, themeName } from './story-labels';
import { useRemote } from '../use-remote';
import { knownShareLabel, useStoryCoverage } from '../words/coverage';

/** Stories shown before "Show all": enough for a glance without pushing creation far down. */
export const STORIES_SHOWN = 6;

/** My Stories (SPEC §2 /home): the learner's stories, most recently read first, each with Continue. */
export function MyStories() {
  const [stories, retry] = useRemote(api.stories);
  const [showAll, setShowAll] = useState(false);
  const [removing, setRemoving] = useState<StorySummary | null>(null);
  const [removed, setRemoved] = useState('');

  return (
    <section className="my-stories" id="my-stories" aria-labelledby="my-stories-heading">
      <div className="section-head">
        <h2 id="my-stories-heading">My Stories</h2>
        {stories.status === 'ready' && stories.data.length > 0 && (
          <span className="count-pill">
            {stories.data.length} {stories.data.length === 1 ? 'story' : 'stories'}
          </span>
        )}
      </div>
      {stories.status === 'loading' && <StoriesSkeleton />}
      {stories.status === 'error' && (
        <div className="load-failed">
          <Alert kind="error">Failed to load your stories</Alert>
          <button type="button" className="btn btn-secondary btn-small" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {stories.status === 'ready' &&
        (stories.data.length === 0 ? (
          <p className="stories-empty">No stories yet. Create your first one above.</p>
        ) : (
          <StoryList stories={stories.data} showAll={showAll} onShowAll={() => setShowAll(true)} onRemove={setRemoving} />
        ))}
      <p className="visually-hidden" role="status">
        {removed}
      </p>
      {removing && (
        <RemoveStoryDialog
          story={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            setRemoved(`Removed ${removing.title || 'the story'}.`);
            setRemoving(null);
            retry();
          }}
        />
      )}
    </section>
  );
}

/** Placeholder cards of the final size while the list loads, so nothing below jumps when it arrives. */
function StoriesSkeleton() {
  return (
    <div className="stories-skeleton">
      <Spinner label="Loading your stories…" />
      <ul className="story-list" aria-hidden="true">
        {[0, 1].map((index) => (
          <li key={index}>
            <div className="story-card skeleton-card">
              <div className="story-cover skeleton-block" />
              <div className="story-body">
                <div className="story-tags">
                  <span className="tag skeleton-line">Japanese</span>
                  <span className="tag skeleton-line">N5</span>
                </div>
                <p className="story-title skeleton-line">Loading story</p>
                <p className="story-meta skeleton-line">Scene 1</p>
                <p className="story-coverage" />
                <div className="story-foot">
                  <span className="story-read skeleton-line">Last read just now</span>
                  <span className="btn btn-small skeleton-block">Continue</span>
                </div>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function StoryList({
  stories,
  showAll,
  onShowAll,
  onRemove,
}: {
  stories: readonly StorySummary[];
  showAll: boolean;
  onShowAll: () => void;
  onRemove: (story: StorySummary) => void;
}) {
  const sorted = [...stories].sort((a, b) => Date.parse(b.last_read_at) - Date.parse(a.last_read_at));
  const shown = showAll ? sorted : sorted.slice(0, STORIES_SHOWN);
  // One clock per list, read once, so every card measures "last read" against the same moment.
  const [now] = useState(Date.now);
  return (
    <>
      <ul className="story-list">
        {shown.map((story) => (
          <li key={story.id}>
            <StoryCard story={story} now={now} onRemove={() => onRemove(story)} />
          </li>
        ))}
      </ul>
      {shown.length < sorted.length && (
        <button type="button" className="btn btn-ghost btn-small show-all" onClick={onShowAll}>
          Show all {sorted.length} stories
        </button>
      )}
    </>
  );
}

function StoryCard({ story, now, onRemove }: { story: StorySummary; now: number; onRemove: () => void }) {
  const titleId = `story-${story.id}-title`;
  return (
    <article className={`story-card theme-${story.theme}`} aria-labelledby={titleId}>
      <div className="story-cover" aria-hidden="true" lang="ja">
        {themeGlyph(story.theme)}
      </div>
      <div className="story-body">
        <div className="story-tags">
          <span className="tag">{LANGUAGE_NAMES[story.language]}</span>
          <span className="tag">{story.level}</span>
          <span className="tag">{themeName(story.theme)}</span>
          {story.is_ending && <span className="badge badge-success">Ending reached</span>}
        </div>
        <h3 id={titleId} className="story-title" lang={story.language}>
          {story.title}
        </h3>
        <p className="story-meta">
          <span>Scene {story.scene_number}</span>
          {story.location && <span>{story.location}</span>}
        </p>
        <StoryCoverage storyId={story.id} />
        <div className="story-foot">
          <span className="story-read">
            Last read{' '}
            <time dateTime={story.last_read_at} title={new Date(story.last_read_at).toLocaleString()}>
              {lastReadLabel(story.last_read_at, now)}
            </time>
          </span>
          <div className="story-actions">
            <button type="button" className="btn btn-ghost btn-small story-remove" onClick={onRemove} aria-label={`Remove ${story.title}`}>
              Remove
            </button>
            <Link
              to="/reader/$storyId"
              params={{ storyId: story.id }}
              className="btn btn-primary btn-small"
              aria-label={`Continue ${story.title}`}
            >
              Continue
            </Link>
          </div>
        </div>
      </div>
    </article>
  );
}

/** Whether the scene this card opens is i+1 for the learner: the share of its words they know. */
function StoryCoverage({ storyId }: { storyId: string }) {
  const coverage = useStoryCoverage(storyId);
  // The line is there from the first paint, empty until the figure arrives, so the card never grows under the reader.
  if (!coverage) return <p className="story-coverage" />;
  const percent = Math.floor((coverage.known / coverage.total) * 100);
  return (
    <p className="story-coverage" title={`${coverage.known} of the ${coverage.total} words in the next scene`}>
      <span className="story-coverage__bar" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </span>
      <span>{knownShareLabel(coverage)}</span>
    </p>
  );
}
