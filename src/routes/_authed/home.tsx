import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { auth, refreshUser } from '../../state/auth';
import { MyStories } from '../../ui/home/MyStories';
import { StoryCreator } from '../../ui/home/StoryCreator';
import { APP_PAGE_TITLES, head } from '../../ui/page-head';
import { ResendVerification } from '../../ui/ResendVerification';
import { UsageMeter } from '../../ui/UsageMeter';
import { KnowledgeOnboarding } from '../../ui/words/KnowledgeOnboarding';

export const Route = createFileRoute('/_authed/home')({ head: () => head(APP_PAGE_TITLES.home), component: Home });

/**
 * /home (SPEC §2). The story creator comes first, so its heading and first step are in view without
 * scrolling on a laptop or a phone; My Stories and this month's usage follow it.
 */
function Home() {
  const { user } = useSnapshot(auth);
  useEffect(() => {
    // The quota may have moved since the profile was loaded (a story read elsewhere, a new month).
    void refreshUser().catch(() => undefined);
  }, []);
  if (!user) return null;
  return (
    <div className="container home-page">
      <StoryCreator
        notice={
          <>
            {!user.email_verified && (
              <section className="verify-callout" aria-label="Email verification">
                <p>
                  <strong>One step left:</strong> verify <strong>{user.email}</strong> to start generating stories.
                </p>
                <ResendVerification />
              </section>
            )}
            <KnowledgeOnboarding />
          </>
        }
      />
      <div className="home-top">
        <MyStories />
        <aside className="card usage-card" aria-labelledby="usage-heading">
          <h2 id="usage-heading">This month</h2>
          <UsageMeter subscription={user.subscription} />
        </aside>
      </div>
    </div>
  );
}
