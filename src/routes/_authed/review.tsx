import { createFileRoute, Link } from '@tanstack/react-router';
import { APP_PAGE_TITLES, head } from '../../ui/page-head';
import { ReviewSession } from '../../ui/review/ReviewSession';

export const Route = createFileRoute('/_authed/review')({ head: () => head(APP_PAGE_TITLES.review), component: ReviewPage });

function ReviewPage() {
  return (
    <div className="container review-page">
      <div className="review-head">
        <h1>Review</h1>
        <Link to="/progress" className="topbar-link">
          Your progress →
        </Link>
      </div>
      <ReviewSession />
    </div>
  );
}
