import { createFileRoute, Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { faqCategories } from '../content/faq';
import type { Block } from '../content/types';
import { ContentBlocks } from '../ui/ContentBlocks';
import { publicHead } from '../ui/page-head';
import { useHashScroll } from '../ui/useHashScroll';
import { usePricing } from '../ui/usePricing';

export const Route = createFileRoute('/faq')({ head: () => publicHead('/faq'), component: Faq });

const blockText = (blocks: Block[]) => blocks.map((b) => (b.kind === 'p' ? b.text : b.items.join(' '))).join(' ');

function Faq() {
  const { figures } = usePricing();
  const [query, setQuery] = useState('');
  useHashScroll();

  const categories = useMemo(() => {
    const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
    return faqCategories
      .map((category) => ({
        ...category,
        items: category.items.filter((item) => {
          const haystack = `${item.question} ${blockText(item.answer(figures))}`.toLowerCase();
          return terms.every((term) => haystack.includes(term));
        }),
      }))
      .filter((category) => category.items.length > 0);
  }, [query, figures]);

  return (
    <div className="container faq">
      <header className="page-header">
        <h1>Frequently asked questions</h1>
        <p className="lead">Everything about reading, levels, plans and your account.</p>
        <div className="search">
          <label htmlFor="faq-search" className="visually-hidden">
            Search the FAQ
          </label>
          <input
            id="faq-search"
            type="search"
            placeholder="Search questions, e.g. furigana or refund"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
      </header>

      {!query && (
        <nav className="jump-cards" aria-label="FAQ categories">
          {faqCategories.map((category) => (
            <a key={category.id} href={`#${category.id}`} className="jump-card">
              <span className="jump-icon" aria-hidden="true">
                {category.icon}
              </span>
              <strong>{category.title}</strong>
              <span>{category.summary}</span>
            </a>
          ))}
        </nav>
      )}

      {categories.length === 0 && (
        <p className="empty">
          No questions match “{query}”. <Link to="/contact">Ask us directly</Link>.
        </p>
      )}

      {categories.map((category) => (
        <section key={category.id} id={category.id} className="faq-category" aria-labelledby={`${category.id}-h`}>
          <h2 id={`${category.id}-h`}>{category.title}</h2>
          {category.items.map((item) => (
            <details key={item.id} id={item.id} className="faq-item" open={query.length > 0 || undefined}>
              <summary>{item.question}</summary>
              <div className="faq-answer">
                <ContentBlocks blocks={item.answer(figures)} />
              </div>
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}
