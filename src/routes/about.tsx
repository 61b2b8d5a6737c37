import { createFileRoute, Link } from '@tanstack/react-router';
import { aboutSections } from '../content/about';
import { ContentBlocks } from '../ui/ContentBlocks';
import { publicHead } from '../ui/page-head';
import { usePricing } from '../ui/usePricing';

export const Route = createFileRoute('/about')({ head: () => publicHead('/about'), component: About });

function About() {
  const { figures } = usePricing();
  return (
    <div className="container prose-page">
      <header className="page-header">
        <p className="eyebrow">About us</p>
        <h1>Stories are how languages stick.</h1>
      </header>
      <div className="prose">
        {aboutSections.map((section) => (
          <section key={section.id} id={section.id}>
            <h2>{section.heading}</h2>
            <ContentBlocks blocks={section.body(figures)} />
          </section>
        ))}
      </div>
      <div className="actions">
        <Link to="/register" className="btn btn-primary">
          Start reading
        </Link>
        <Link to="/contact" className="btn btn-ghost">
          Get in touch
        </Link>
      </div>
    </div>
  );
}
