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
  // IPADIC's いつ is the old spelling of "when"; written 何時 today it asks the hour.
  ['何時', 'なんじ'],
  ['この間', 'このあいだ'],
  ['その間', 'そのあいだ'],
  // As a word of its own 雨 is always あめ; IPADIC sometimes takes it for the suffix う (一日中雨だった).
  ['雨', 'あめ'],
  ['薬', 'くすり'],
  ['明後日', 'あさって'],
  ['大勢', 'おおぜい'],
  ['奴', 'やつ'],
]);

export const MERGED_READINGS = new Map<string, { reading: string; detail: string; pos?: string }>([
  ['令和', { reading: 'れいわ', detail: '固有名詞' }],
  ['平成', { reading: 'へいせい', detail: '固有名詞' }],
  ['昭和', { reading: 'しょうわ', detail: '固有名詞' }],
  ['大正', { reading: 'たいしょう', detail: '固有名詞' }],
  ['明治', { reading: 'めいじ', detail: '固有名詞' }],
  ['何色', { reading: 'なにいろ', detail: '一般' }],
  // IPADIC takes this cry for the verb うわる.
  ['うわっ', { reading: 'うわっ', pos: '感動詞', detail: '' }],
]);

/** 中 after a stretch of time or a place means "all through": 一晩中, 世界中, 部屋中 (じゅう, not ちゅう). */
const THROUGHOUT_AFTER = new Set([
  '一日', '一晩', '一年', '一週間', '一月', '今日', '今年', '年', '夜', '朝', '晩', '日',
  '世界', '日本', '町', '街', '家', '体', '部屋', '学校', '国', '会社', '村', '島', '店', '家族', 'クラス', '教室', '頭',
]);
const THROUGHOUT_COUNTERS = /(日|晩|年|週間|か月|ヶ月|カ月|時間)$/;
/** 中 after these is "during" (ちゅう), even where IPADIC reads なか: 午前中, 今週中. */
const DURING_AFTER = new Set(['午前', '午後', '今週', '今月', '来週', '来月', '授業', '会議', '仕事', '食事', '電話', '勉強', '工事', '営業', '準備']);

/** Things one gives up: 止める after them is やめる (quit), not とめる (stop a car). */
const QUITTABLE = new Set(['タバコ', 'たばこ', '煙草', '酒', 'お酒', '仕事', '会社', '学校', '勉強', '練習', '話', '喧嘩', 'けんか', 'ダイエット', '部活', 'ゲーム', '習い事', 'バイト', 'アルバイト']);

const BETWEEN_AFTER = new Set(['の', 'この', 'その', 'あの']);
const AFTER_AFTER = new Set(['た', 'だ', 'の']);
const HONORIFICS = new Set(['さん', '様', 'さま']);
const PERSON_POINTERS = new Set(['あの', 'どの']);
const TIME_AFTER = new Set(['後', '前', '間', 'ほど', 'ぐらい', 'くらい', '以内', '以上', 'おき', 'ごと', '遅れ', '待っ', '経っ', 'たっ']);

type ContextRule = (token: Token, i: number, tokens: Token[]) => Partial<Token> | null;

const before = (tokens: Token[], i: number, back = 1) => tokens[i - back];

/** Whether an object marked with を comes earlier in the same clause (up to a comma or full stop). */
function hasObjectBefore(tokens: Token[], i: number): boolean {
  for (let j = i - 1; j >= 0; j--) {
    const surface = tokens[j]!.surface;
    if (surface === '、' || surface === '。' || surface === '，') return false;
    if (surface === 'を') return true;
  }
  return false;
}

/**
 * Readings that depend on the words around. Each rule looks at one token and its neighbours and returns
 * what to change, or null. Every rule has sentences of its own in tests/server/language/fixtures/furigana.txt.
 */
const CONTEXT_RULES: ContextRule[] = [
  // お腹が空く is すく; a seat that is free is あく.
  (t, i, all) => (t.base === '空く' && before(all, i)?.surface === 'が' && /腹$/.test(before(all, i, 2)?.surface ?? '') ? { reading: 'す' + t.reading.slice(1) } : null),
  // 行った, 行って: IPADIC picks 行う (おこなう) as often as 行く. 行う takes an object (試験を行った); without one it is 行く.
  (t, i, all) =>
    t.base === '行う' && t.surface.startsWith('行っ') && !hasObjectBefore(all, i) ? { reading: 'い' + t.reading.slice(t.reading.indexOf('っ')), base: '行く' } : null,
  // 止める after something one gives up is やめる.
  (t, i, all) =>
    t.base === '止める' && before(all, i)?.surface === 'を' && QUITTABLE.has(before(all, i, 2)?.surface ?? '') ? { reading: 'や' + t.reading.slice(1) } : null,
  // 中: じゅう after a stretch of time or a place, ちゅう after an activity or part of the day.
  (t, i, all) => {
    if (t.surface !== '中' || (t.detail !== '接尾' && t.detail !== '非自立')) return null;
    const previous = before(all, i);
    if (!previous) return null;
    if (THROUGHOUT_AFTER.has(previous.surface) || (previous.detail === '数' && THROUGHOUT_COUNTERS.test(previous.surface))) return { reading: 'じゅう' };
    if (DURING_AFTER.has(previous.surface)) return { reading: 'ちゅう' };
    return null;
  },
  // 間 after の or この/その/あの is the space or time between (あいだ), not the room (ま).
  (t, i, all) => (t.surface === '間' && t.reading === 'ま' && BETWEEN_AFTER.has(before(all, i)?.surface ?? '') ? { reading: 'あいだ' } : null),
  // 後 after a finished action or の is あと (食べた後, 授業の後); IPADIC reads the written のち.
  (t, i, all) => (t.surface === '後' && t.reading === 'のち' && AFTER_AFTER.has(before(all, i)?.surface ?? '') ? { reading: 'あと' } : null),
  // その後で is "after that": そのあとで.
  (t, i, all) => (t.surface === 'その後' && all[i + 1]?.surface === 'で' ? { reading: 'そのあと' } : null),
  // 皆 on its own is みんな; みな stays before さん and 様.
  (t, i, all) => (t.surface === '皆' && !HONORIFICS.has(all[i + 1]?.surface ?? '') ? { reading: 'みんな' } : null),
  // あの方, どの方: a person (かた), not a direction (ほう).
  (t, i, all) => (t.surface === '方' && PERSON_POINTERS.has(before(all, i)?.surface ?? '') ? { reading: 'かた' } : null),
  // 十分 before 後, 前, ほど…: ten minutes (じゅっぷん), not "enough".
  (t, i, all) => (t.surface === '十分' && TIME_AFTER.has(all[i + 1]?.surface ?? '') ? { reading: 'じゅっぷん' } : null),
  // 今日では, 今日の社会: "nowadays" is こんにち.
  (t, i, all) => (t.surface === '今日' && all[i + 1]?.surface === 'で' && all[i + 2]?.surface === 'は' ? { reading: 'こんにち' } : null),
];

export function readInContext(tokens: Token[]): Token[] {
  return tokens.map((token, i) => {
    for (const rule of CONTEXT_RULES) {
      const change = rule(token, i, tokens);
      if (change) return { ...token, ...change };
    }
    return token;
  });
}
