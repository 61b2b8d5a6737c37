/**
 * Marketing and legal copy is data: pages render it, and every figure that the server owns
 * (quota, price, storyteller) is passed in, never written into the text.
 */
export interface SiteFigures {
  /** Stories a free account may start per calendar month, e.g. 10. */
  freeStoriesPerMonth: number;
  /** The Pro price already formatted for display, e.g. "$7.00". */
  proPrice: string;
  /**
   * Who tells the stories on this server: a model writing each scene, or the built-in library of authored
   * stories; null until the server has said, when copy must be true of both.
   */
  storyteller: 'model' | 'library' | null;
  /** How many stories the built-in library holds (0 with a model). */
  libraryStories: number;
}

/** A block of body text. Plain text only: no HTML, no Markdown. */
export type Block =
  | { kind: 'p'; text: string }
  | { kind: 'list'; items: string[] };

export interface Section {
  /** Anchor id, kebab-case, unique within its page (e.g. "cookies"). */
  id: string;
  heading: string;
  body: (figures: SiteFigures) => Block[];
}

export interface LegalDocument {
  title: string;
  /** ISO date, e.g. "2026-11-21". */
  lastUpdated: string;
  intro: string;
  sections: Section[];
}

export interface FaqItem {
  /** Anchor id, kebab-case, unique across the whole FAQ. */
  id: string;
  question: string;
  answer: (figures: SiteFigures) => Block[];
}

export interface FaqCategory {
  /** Anchor id, kebab-case. */
  id: string;
  title: string;
  /** One sentence shown on the category's jump card. */
  summary: string;
  /** One kanji shown as the category's badge (emoji fonts are not everywhere). */
  icon: string;
  items: FaqItem[];
}
