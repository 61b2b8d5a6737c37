import type { Token } from '../token';

/**
 * Readings IPADIC gets wrong or reads in a rarer way than a learner expects. Keyed by the token's
 * surface; MERGED_READINGS also joins tokens the dictionary splits.
 */
export const READING_OVERRIDES = new Map<string, string>([
  ['日本', 'にほん'],
  ['日本人', 'にほんじん'],
  ['日本語', 'にほんご'],
  ['私', 'わたし'],
  ['一日', 'いちにち'],
  ['明日', 'あした'],
  ['今日', 'きょう'],
  ['昨日', 'きのう'],
  ['大人', 'おとな'],
  ['上手', 'じょうず'],
  ['下手', 'へた'],
  ['他', 'ほか'],
  ['何故', 'なぜ'],
]);

export const MERGED_READINGS = new Map<string, string>([
  ['令和', 'れいわ'],
  ['平成', 'へいせい'],
  ['昭和', 'しょうわ'],
  ['大正', 'たいしょう'],
  ['明治', 'めいじ'],
]);

/** Readings that depend on the words around: お腹が空く is すく, a room that is empty is あく. */
export function readInContext(tokens: Token[]): Token[] {
  return tokens.map((token, i) => {
    if (token.base === '空く' && tokens[i - 1]?.surface === 'が' && /腹$/.test(tokens[i - 2]?.surface ?? '')) {
      return { ...token, reading: 'す' + token.reading.slice(1) };
    }
    return token;
  });
}
