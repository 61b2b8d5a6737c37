import { createFileRoute, Link, useLocation } from '@tanstack/react-router';
import { isUuidV4 } from '../../shared/art';
import { ReaderScreen } from '../../scenes/reader/ReaderScreen';
import '../../ui/home/history-state';

export const Route = createFileRoute('/_authed/reader/$storyId')({ component: Reader });

function Reader() {
  const { storyId } = Route.useParams();
  const { generationId, lineIndex } = useLocation({ select: (location) => location.state });
  if (!isUuidV4(storyId.toLowerCase())) return <StoryNotFound />;
  return <ReaderScreen key={storyId} storyId={storyId.toLowerCase()} generationId={generationId} lineIndex={lineIndex} />;
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
