/**
 * Readings of numbers and counters, which IPADIC reads digit by digit or not at all (三本 → さんほん,
 * 1473年 → ねん with no reading for the digits). A number is read unit by unit; the counter's first sound
 * then changes after the number's last unit: gemination (いっぽん), voicing after ん (さんぼん), and the
 * native and irregular forms (ひとり, ふつか, はたち, ひとつ).
 */

const DIGITS: Record<string, number> = { 〇: 0, 零: 0, 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const SMALL_UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };
const BIG_UNITS: Record<string, number> = { 万: 1e4, 億: 1e8, 兆: 1e12 };
const ARABIC = /[0-9０-９]/;

/** A character a written number is made of: Arabic digits (half or full width), kanji numerals and units. */
const isNumberChar = (ch: string) => ARABIC.test(ch) || ch in DIGITS || ch in SMALL_UNITS || ch in BIG_UNITS;

const arabicValue = (ch: string) => {
  const code = ch.charCodeAt(0);
  return code >= 0xff10 ? code - 0xff10 : code - 0x30;
};

/**
 * The value of a written number: kanji (三千五百), positional kanji (二〇二六), Arabic (1,473, with the
 * commas already removed) or mixed (2万5千); null when the characters do not form one.
 */
export function parseNumber(text: string): number | null {
  if (!text || ![...text].every(isNumberChar)) return null;
  // Digits alone are positional: 2026, 二〇二六.
  if ([...text].every((ch) => ARABIC.test(ch) || ch in DIGITS)) {
    return Number([...text].map((ch) => (ARABIC.test(ch) ? arabicValue(ch) : DIGITS[ch])).join(''));
  }
  let total = 0;
  let section = 0;
  let current: number | null = null;
  let lastBig = Infinity;
  for (const ch of text) {
    if (ARABIC.test(ch)) current = (current ?? 0) * 10 + arabicValue(ch);
    else if (ch in DIGITS) current = (current ?? 0) * 10 + DIGITS[ch]!;
    else if (ch in SMALL_UNITS) {
      section += (current ?? 1) * SMALL_UNITS[ch]!;
      current = null;
    } else {
      const big = BIG_UNITS[ch]!;
      // 万 after 億 is fine (一億二千万); 億 after 万 is not a number.
      if (big >= lastBig) return null;
      lastBig = big;
      total += (section + (current ?? 0) || 1) * big;
      section = 0;
      current = null;
    }
  }
  return total + section + (current ?? 0);
}

const ONES = ['', 'いち', 'に', 'さん', 'よん', 'ご', 'ろく', 'なな', 'はち', 'きゅう'];
const HUNDREDS: Record<number, string> = { 1: 'ひゃく', 3: 'さんびゃく', 6: 'ろっぴゃく', 8: 'はっぴゃく' };
const THOUSANDS: Record<number, string> = { 1: 'せん', 3: 'さんぜん', 8: 'はっせん' };
const BIG: [number, string][] = [
  [1e12, 'ちょう'],
  [1e8, 'おく'],
  [1e4, 'まん'],
];

/** The part of a number under 10,000, in parts. */
function smallParts(n: number): string[] {
  const parts: string[] = [];
  const thousands = Math.floor(n / 1000);
  const hundreds = Math.floor((n % 1000) / 100);
  const tens = Math.floor((n % 100) / 10);
  const ones = n % 10;
  if (thousands) parts.push(THOUSANDS[thousands] ?? `${ONES[thousands]}せん`);
  if (hundreds) parts.push(HUNDREDS[hundreds] ?? `${ONES[hundreds]}ひゃく`);
  if (tens) parts.push(tens === 1 ? 'じゅう' : `${ONES[tens]}じゅう`);
  if (ones) parts.push(ONES[ones] ?? '');
  return parts;
}

/** The reading in parts, so the counter can change the last one. */
function numberParts(n: number): string[] {
  if (n === 0) return ['ぜろ'];
  const parts: string[] = [];
  let rest = n;
  for (const [size, name] of BIG) {
    const count = Math.floor(rest / size);
    if (!count) continue;
    const head = smallParts(count);
    // 一兆, 八兆 and 十兆 geminate before ちょう (いっちょう, じゅっちょう); 六兆 does not.
    const last = head[head.length - 1]!;
    if (name === 'ちょう' && /(いち|はち|じゅう)$/.test(last)) head[head.length - 1] = last.replace(/[ちう]$/, 'っ');
    parts.push(...head, name);
    rest %= size;
  }
  parts.push(...smallParts(rest));
  return parts;
}

export const numberReading = (n: number) => numberParts(n).join('');

/** 3.5 → さんてんご; each decimal digit is read on its own. */
export function decimalReading(integer: number, decimals: string): string {
  const digit = (d: string) => (arabicValue(d) === 0 ? 'ぜろ' : ONES[arabicValue(d)]!);
  return `${integer === 0 ? 'れい' : numberReading(integer)}てん${[...decimals].map(digit).join('')}`;
}

/** How a counter's sound follows the number. */
interface Counter {
  reading: string;
  /** After a geminated unit (いっ, ろっ, はっ, じゅっ, ひゃっ). */
  geminated?: string;
  /** Which last units geminate: p/k counters after 1, 6, 8, 10, 100; s/t counters after 1, 8, 10. */
  geminates?: 'pk' | 'st';
  /** After さん, なん, せん, まん. */
  voiced?: string;
  /** After よん too (分 → よんぷん). */
  voicedAfterYon?: boolean;
  /** The number's own irregular readings before this counter. */
  four?: string;
  seven?: string;
  nine?: string;
  /** Whole readings for some numbers (ふたり, はつか, はたち). */
  irregular?: Record<number, string>;
  /** After 何: its own reading where it is not the voiced one. */
  afterNan?: string;
}

const DAYS: Record<number, string> = {
  2: 'ふつか', 3: 'みっか', 4: 'よっか', 5: 'いつか', 6: 'むいか', 7: 'なのか', 8: 'ようか', 9: 'ここのか',
  10: 'とおか', 14: 'じゅうよっか', 20: 'はつか', 24: 'にじゅうよっか',
};
const withSuffix = (table: Record<number, string>, suffix: string) =>
  Object.fromEntries(Object.entries(table).map(([n, reading]) => [n, reading + suffix]));
const NATIVE: Record<number, string> = { 1: 'ひとつ', 2: 'ふたつ', 3: 'みっつ', 4: 'よっつ', 5: 'いつつ', 6: 'むっつ', 7: 'ななつ', 8: 'やっつ', 9: 'ここのつ', 10: 'とお' };

const pk = (reading: string, geminated: string, voiced?: string): Counter => ({ reading, geminated, geminates: 'pk', voiced });
const st = (reading: string): Counter => ({ reading, geminated: reading, geminates: 'st' });
const yo = (reading: string): Counter => ({ reading, four: 'よ' });

const COUNTERS: Record<string, Counter> = {
  本: pk('ほん', 'ぽん', 'ぼん'),
  匹: pk('ひき', 'ぴき', 'びき'),
  杯: pk('はい', 'ぱい', 'ばい'),
  分: { ...pk('ふん', 'ぷん', 'ぷん'), voicedAfterYon: true },
  分間: { ...pk('ふんかん', 'ぷんかん', 'ぷんかん'), voicedAfterYon: true },
  泊: { ...pk('はく', 'ぱく', 'ぱく'), voicedAfterYon: true },
  発: pk('はつ', 'ぱつ', 'ぱつ'),
  票: pk('ひょう', 'ぴょう', 'ぴょう'),
  片: pk('へん', 'ぺん', 'ぺん'),
  遍: pk('へん', 'ぺん', 'べん'),
  ページ: pk('ぺーじ', 'ぺーじ'),
  パーセント: pk('ぱーせんと', 'ぱーせんと'),
  '%': pk('ぱーせんと', 'ぱーせんと'),
  '％': pk('ぱーせんと', 'ぱーせんと'),
  ポイント: pk('ぽいんと', 'ぽいんと'),
  階: pk('かい', 'かい', 'がい'),
  回: pk('かい', 'かい'),
  回目: pk('かいめ', 'かいめ'),
  個: pk('こ', 'こ'),
  軒: pk('けん', 'けん', 'げん'),
  件: pk('けん', 'けん'),
  曲: pk('きょく', 'きょく'),
  課: pk('か', 'か'),
  箇所: pk('かしょ', 'かしょ'),
  か所: pk('かしょ', 'かしょ'),
  ヶ所: pk('かしょ', 'かしょ'),
  カ所: pk('かしょ', 'かしょ'),
  か月: pk('かげつ', 'かげつ'),
  ヶ月: pk('かげつ', 'かげつ'),
  カ月: pk('かげつ', 'かげつ'),
  ヵ月: pk('かげつ', 'かげつ'),
  箇月: pk('かげつ', 'かげつ'),
  か国: pk('かこく', 'かこく'),
  ヶ国: pk('かこく', 'かこく'),
  カ国: pk('かこく', 'かこく'),
  キロ: pk('きろ', 'きろ'),
  冊: st('さつ'),
  歳: { ...st('さい'), irregular: { 20: 'はたち' } },
  才: { ...st('さい'), irregular: { 20: 'はたち' } },
  週: st('しゅう'),
  週間: st('しゅうかん'),
  週目: st('しゅうめ'),
  足: { ...st('そく'), voiced: 'ぞく' },
  頭: st('とう'),
  通: st('つう'),
  点: st('てん'),
  着: st('ちゃく'),
  センチ: st('せんち'),
  セット: st('せっと'),
  トン: st('とん'),
  枚: { reading: 'まい' },
  台: { reading: 'だい' },
  度: { reading: 'ど' },
  倍: { reading: 'ばい' },
  番: { reading: 'ばん' },
  番目: { reading: 'ばんめ' },
  番線: { reading: 'ばんせん' },
  番地: { reading: 'ばんち' },
  号: { reading: 'ごう' },
  号車: { reading: 'ごうしゃ' },
  号室: { reading: 'ごうしつ' },
  号線: { reading: 'ごうせん' },
  名: { reading: 'めい' },
  秒: { reading: 'びょう' },
  位: { reading: 'い' },
  割: { reading: 'わり' },
  億: { reading: 'おく' },
  円: yo('えん'),
  年: yo('ねん'),
  年間: yo('ねんかん'),
  年生: yo('ねんせい'),
  年目: yo('ねんめ'),
  年後: yo('ねんご'),
  年前: yo('ねんまえ'),
  人前: yo('にんまえ'),
  ドル: { reading: 'どる' },
  メートル: { reading: 'めーとる' },
  グラム: { reading: 'ぐらむ' },
  時: { reading: 'じ', four: 'よ', seven: 'しち', nine: 'く' },
  時半: { reading: 'じはん', four: 'よ', seven: 'しち', nine: 'く' },
  時間: { reading: 'じかん', four: 'よ', nine: 'く' },
  時間目: { reading: 'じかんめ', four: 'よ', nine: 'く' },
  月: { reading: 'がつ', four: 'し', seven: 'しち', nine: 'く' },
  人: { reading: 'にん', four: 'よ', irregular: { 1: 'ひとり', 2: 'ふたり' } },
  人目: { reading: 'にんめ', four: 'よ', irregular: { 1: 'ひとりめ', 2: 'ふたりめ' } },
  晩: { reading: 'ばん', irregular: { 1: 'ひとばん', 2: 'ふたばん' } },
  つ: { reading: 'つ', irregular: NATIVE },
  日: { reading: 'にち', seven: 'しち', irregular: DAYS },
  日間: { reading: 'にちかん', irregular: { 1: 'いちにちかん', ...withSuffix(DAYS, 'かん') } },
  日目: { reading: 'にちめ', irregular: { 1: 'いちにちめ', ...withSuffix(DAYS, 'め') } },
  日後: { reading: 'にちご', irregular: { 1: 'いちにちご', ...withSuffix(DAYS, 'ご') } },
  日前: { reading: 'にちまえ', irregular: { 1: 'いちにちまえ', ...withSuffix(DAYS, 'まえ') } },
  曜日: { reading: 'ようび' },
};

export const isCounter = (text: string) => Object.hasOwn(COUNTERS, text);
const COUNTER_PREFIXES = new Set(Object.keys(COUNTERS).flatMap((c) => [...c].map((_, n) => c.slice(0, n + 1))));
/** Whether a token could be (the start of) a counter the tokenizer split: か of か月, 番 of 番線. */
export const isCounterPrefix = (text: string) => COUNTER_PREFIXES.has(text);
/** The longest counter written, in characters, for the tokenizer's look-ahead. */
export const LONGEST_COUNTER = Math.max(...Object.keys(COUNTERS).map((c) => c.length));
/** The counter's own reading, with no sound change (after a decimal: 3.5キロ). */
export const plainCounterReading = (counter: string) => COUNTERS[counter]?.reading ?? '';

const GEMINATION: Record<string, string> = {
  いち: 'いっ', ろく: 'ろっ', はち: 'はっ', じゅう: 'じゅっ', ひゃく: 'ひゃっ',
  ろっぴゃく: 'ろっぴゃっ', はっぴゃく: 'はっぴゃっ', さんびゃく: 'さんびゃっ',
};
const GEMINATION_UNITS = Object.keys(GEMINATION).sort((a, b) => b.length - a.length);

/** 何 before a unit of ten or more (何百人, 何千円), voiced as after any ん. */
export const NAN_UNITS: Record<string, string> = { 十: 'じゅう', 百: 'びゃく', 千: 'ぜん', 万: 'まん', 億: 'おく' };

/**
 * The reading of n (or 何) with its counter, as the number's part and the counter's part (one of them may
 * be empty where the two fuse, as in ふたり).
 */
export function counterReading(n: number | '何', counter: string, options: { afterMonth?: boolean } = {}): { number: string; counter: string } {
  const c = COUNTERS[counter];
  if (!c) throw new Error(`not a counter: ${counter}`);
  if (n === '何') return { number: 'なん', counter: c.afterNan ?? c.voiced ?? c.reading };
  if (counter === '日' && n === 1) return options.afterMonth ? { number: '', counter: 'ついたち' } : { number: 'いち', counter: 'にち' };
  const irregular = c.irregular?.[n];
  if (irregular) return { number: '', counter: irregular };
  if (counter === 'つ') return { number: numberReading(n), counter: '' };
  const parts = numberParts(n);
  const last = parts[parts.length - 1] ?? '';
  const ones = n % 10;
  const alternative = ones === 4 ? c.four : ones === 7 ? c.seven : ones === 9 ? c.nine : undefined;
  if (alternative) {
    parts[parts.length - 1] = alternative;
    return { number: parts.join(''), counter: c.reading };
  }
  // さんじゅう geminates like じゅう: compare the end of the last part.
  const unit = GEMINATION_UNITS.find((key) => last.endsWith(key));
  const lastUnitGeminates = unit && c.geminates && (c.geminates === 'pk' || unit === 'いち' || unit === 'はち' || unit === 'じゅう');
  if (unit && lastUnitGeminates) {
    parts[parts.length - 1] = last.slice(0, last.length - unit.length) + GEMINATION[unit];
    return { number: parts.join(''), counter: c.geminated ?? c.reading };
  }
  const endsInN = last.endsWith('ん');
  if (c.voiced && endsInN && (c.voicedAfterYon || last !== 'よん')) return { number: parts.join(''), counter: c.voiced };
  return { number: parts.join(''), counter: c.reading };
}
