import { sharedLanguageServices, type LanguageServices } from '../../../src/server/language/services';

/** The process-wide language services, loaded once per test file. */
export async function languageServices(): Promise<LanguageServices> {
  const services = sharedLanguageServices();
  await services.ready;
  return services;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
export const unescapeHtml = (html: string) => html.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);

/** What a reader sees with furigana replacing the kanji: every ruby base swapped for its reading. */
export function readAloud(html: string): string {
  return unescapeHtml(html.replace(/<ruby>[^<]*<rt>([^<]*)<\/rt><\/ruby>/g, '$1').replace(/<\/?span[^>]*>/g, ''));
}

/** The same for a fixture line written as {base|reading}. */
export const readAloudMarkup = (line: string) => line.replace(/\{[^|}]+\|([^}]+)\}/g, '$1');
export const stripMarkup = (line: string) => line.replace(/\{([^|}]+)\|[^}]+\}/g, '$1');

export const rubyBases = (html: string) => [...html.matchAll(/<ruby>([^<]*)<rt>/g)].map((m) => unescapeHtml(m[1] ?? ''));
