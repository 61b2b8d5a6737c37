/**
 * Readings of numbers and counters, which IPADIC reads digit by digit (三本 → さんほん, 一人 →
 * いちにん). A number is read unit by unit; the counter's first sound then changes after the
 * number's last unit: gemination (いっぽん), voicing after ん (さんぼん), and the irregular days
 * and people.
 */

const DIGITS: Record<string, number> = { 〇: 0, 零: 0, 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000, 万: 10000 };
export const isKanjiNumeral = (text: string) => [...text].every((ch) => ch in DIGITS || ch in UNITS);

/** 三千五百 → 3500; null when the characters do not form a number. */
export function parseKanjiNumber(text: string): number | null {
  if (!text || !isKanjiNumeral(text)) return null;
  if ([...text].every((ch) => ch in DIGITS)) return Number([...text].map((ch) => DIGITS[ch] ?? 0).join(''));
  let total = 0;
  let section = 0;
  let digit: number | null = null;
  for (const ch of text) {
    if (ch in DIGITS) digit = DIGITS[ch] ?? 0;
    else if (ch === '万') {
      total += (section + (digit ?? 0) || 1) * 10000;
      section = 0;
      digit = null;
    } else {
      section += (digit ?? 1) * (UNITS[ch] ?? 0);
      digit = null;
    }
  }
  return total + section + (digit ?? 0);
}

const ONES = ['', 'いち', 'に', 'さん', 'よん', 'ご', 'ろく', 'なな', 'はち', 'きゅう'];
const HUNDREDS: Record<number, string> = { 1: 'ひゃく', 3: 'さんびゃく', 6: 'ろっぴゃく', 8: 'はっぴゃく' };
const THOUSANDS: Record<number, string> = { 1: 'せん', 3: 'さんぜん', 8: 'はっせん' };

/** The reading in parts, so the counter can change the last one. */
function numberParts(n: number): string[] {
  if (n === 0) return ['ぜろ'];
  const parts: string[] = [];
  if (n >= 10000) {
    parts.push(...numberParts(Math.floor(n / 10000)), 'まん');
    n %= 10000;
  }
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

export const numberReading = (n: number) => numberParts(n).join('');

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
  irregular?: Record<number, string>;
}

const COUNTERS: Record<string, Counter> = {
  本: { reading: 'ほん', geminated: 'ぽん', geminates: 'pk', voiced: 'ぼん' },
  匹: { reading: 'ひき', geminated: 'ぴき', geminates: 'pk', voiced: 'びき' },
  杯: { reading: 'はい', geminated: 'ぱい', geminates: 'pk', voiced: 'ばい' },
  分: { reading: 'ふん', geminated: 'ぷん', geminates: 'pk', voiced: 'ぷん', voicedAfterYon: true },
  泊: { reading: 'はく', geminated: 'ぱく', geminates: 'pk', voiced: 'ぱく', voicedAfterYon: true },
  階: { reading: 'かい', geminated: 'かい', geminates: 'pk', voiced: 'がい' },
  回: { reading: 'かい', geminated: 'かい', geminates: 'pk' },
  個: { reading: 'こ', geminated: 'こ', geminates: 'pk' },
  軒: { reading: 'けん', geminated: 'けん', geminates: 'pk', voiced: 'げん' },
  冊: { reading: 'さつ', geminated: 'さつ', geminates: 'st' },
  歳: { reading: 'さい', geminated: 'さい', geminates: 'st', irregular: { 20: 'はたち' } },
  才: { reading: 'さい', geminated: 'さい', geminates: 'st', irregular: { 20: 'はたち' } },
  週間: { reading: 'しゅうかん', geminated: 'しゅうかん', geminates: 'st' },
  足: { reading: 'そく', geminated: 'そく', geminates: 'st', voiced: 'ぞく' },
  頭: { reading: 'とう', geminated: 'とう', geminates: 'st' },
  通: { reading: 'つう', geminated: 'つう', geminates: 'st' },
  点: { reading: 'てん', geminated: 'てん', geminates: 'st' },
  着: { reading: 'ちゃく', geminated: 'ちゃく', geminates: 'st' },
  枚: { reading: 'まい' },
  台: { reading: 'だい' },
  度: { reading: 'ど' },
  番: { reading: 'ばん' },
  円: { reading: 'えん', four: 'よ' },
  年: { reading: 'ねん', four: 'よ' },
  時: { reading: 'じ', four: 'よ', seven: 'しち', nine: 'く' },
  時間: { reading: 'じかん', four: 'よ', nine: 'く' },
  月: { reading: 'がつ', four: 'し', seven: 'しち', nine: 'く' },
  人: { reading: 'にん', four: 'よ', irregular: { 1: 'ひとり', 2: 'ふたり' } },
  日: {
    reading: 'にち',
    irregular: {
      2: 'ふつか', 3: 'みっか', 4: 'よっか', 5: 'いつか', 6: 'むいか', 7: 'なのか', 8: 'ようか', 9: 'ここのか',
      10: 'とおか', 14: 'じゅうよっか', 20: 'はつか', 24: 'にじゅうよっか',
    },
  },
};

export const isCounter = (text: string) => text in COUNTERS;

const GEMINATION: Record<string, string> = { いち: 'いっ', ろく: 'ろっ', はち: 'はっ', じゅう: 'じゅっ', ひゃく: 'ひゃっ', ろっぴゃく: 'ろっぴゃっ', はっぴゃく: 'はっぴゃっ', さんびゃく: 'さんびゃっ' };

/**
 * The reading of the counter alone after the number n (for digits, which get no ruby), or null
 * when n is "何".
 */
export function counterReading(n: number | '何', counter: string, options: { afterMonth?: boolean } = {}): { number: string; counter: string } {
  const c = COUNTERS[counter];
  if (!c) throw new Error(`not a counter: ${counter}`);
  if (n === '何') return { number: 'なん', counter: c.voiced ?? c.reading };
  if (counter === '日' && n === 1) return options.afterMonth ? { number: '', counter: 'ついたち' } : { number: 'いち', counter: 'にち' };
  const irregular = c.irregular?.[n];
  if (irregular) return { number: '', counter: irregular };
  const parts = numberParts(n);
  const last = parts[parts.length - 1] ?? '';
  const ones = n % 10;
  const alternative = ones === 4 ? c.four : ones === 7 ? c.seven : ones === 9 ? c.nine : undefined;
  if (alternative) {
    parts[parts.length - 1] = alternative;
    return { number: parts.join(''), counter: c.reading };
  }
  // さんじゅう geminates like じゅう: compare the end of the last part.
  const unit = Object.keys(GEMINATION)
    .sort((a, b) => b.length - a.length)
    .find((key) => last.endsWith(key));
  const lastUnitGeminates = unit && c.geminates && (c.geminates === 'pk' || unit === 'いち' || unit === 'はち' || unit === 'じゅう');
  if (unit && lastUnitGeminates) {
    parts[parts.length - 1] = last.slice(0, last.length - unit.length) + GEMINATION[unit];
    return { number: parts.join(''), counter: c.geminated ?? c.reading };
  }
  const endsInN = last.endsWith('ん');
  if (c.voiced && endsInN && (c.voicedAfterYon || last !== 'よん')) return { number: parts.join(''), counter: c.voiced };
  return { number: parts.join(''), counter: c.reading };
}
