import type { LegalDocument } from '../content/types';
import { ContentBlocks } from './ContentBlocks';
import { formatDate } from './format';
import { useHashScroll } from './useHashScroll';
import { usePricing } from './usePricing';

export function LegalPage({ document }: { document: LegalDocument }) {
  const { figures } = usePricing();
  useHashScroll();
  return (
    <div className="container prose-page">
      <header className="page-header">
        <h1>{document.title}</h1>
        <p className="muted">Last updated {formatDate(document.lastUpdated)}</p>
        <p className="lead">{document.intro}</p>
      </header>
      <nav className="toc" aria-label="Contents">
        <ol>
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="prose">
        {document.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-h`}>
            <h2 id={`${section.id}-h`}>{section.heading}</h2>
            <ContentBlocks blocks={section.body(figures)} />
          </section>
        ))}
      </div>
    </div>
  );
}
