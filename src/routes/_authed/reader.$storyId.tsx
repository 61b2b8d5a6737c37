import { createFileRoute, Link } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/reader/$storyId')({ component: Reader });

/** The reader screen arrives with the story engine; until a story exists every id is not found. */
function Reader() {
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
