import { createFileRoute, Link, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { isUuidV4 } from '../../shared/art';
import { ReaderScreen } from '../../scenes/reader/ReaderScreen';
import { session } from '../../scenes/story-connection';
import { APP_PAGE_TITLES, head, titled } from '../../ui/page-head';
import '../../ui/home/history-state';

export const Route = createFileRoute('/_authed/reader/$storyId')({
  head: ({ params }) => head(isUuidV4(params.storyId.toLowerCase()) ? APP_PAGE_TITLES.reader : APP_PAGE_TITLES.storyNotFound),
  component: Reader,
});

function Reader() {
  const { storyId } = Route.useParams();
  const { generationId, lineIndex } = useLocation({ select: (location) => location.state });
  if (!isUuidV4(storyId.toLowerCase())) return <StoryNotFound />;
  return (
    <>
      <StoryTitle storyId={storyId.toLowerCase()} />
      <ReaderScreen key={storyId} storyId={storyId.toLowerCase()} generationId={generationId} lineIndex={lineIndex} />
    </>
  );
}

/**
 * The tab shows the story's title once the session knows it (at creation, or when the reader enters the story).
 * The route's head says "Reader" until then; the title element is replaced on leaving the route.
 */
function StoryTitle({ storyId }: { storyId: string }) {
  const state = useSnapshot(session.state);
  const title = state.storyId === storyId ? state.title : '';
  useEffect(() => {
    document.title = title ? titled(title) : APP_PAGE_TITLES.reader;
  }, [title]);
  return null;
}

/** SPEC §2: a reader opened without a story. */
function StoryNotFound() {
  return (
    <main className="center-screen reader-missing">
      <div className="card narrow text-center">
        <h1>Story not found</h1>
        <p className="muted">This story does not exist or belongs to another account.</p>
        <Link to="/home" className="btn btn-primary">
          Back to Stories
        </Link>
      </div>
    </main>
  );
}
