import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe as describeAll, expect, it } from 'vitest';
import { furiganaSegments } from '../../../src/server/language/japanese/furigana';
import { takesRuby, toHiragana } from '../../../src/server/language/japanese/kana';
import type { LanguageServices } from '../../../src/server/language/services';
import { languageServices, readAloud, readAloudMarkup, rubyBases, stripMarkup } from './support';

// Pure language code: once is enough, not again on PostgreSQL.
const describe = describeAll.skipIf(process.env.TEST_DB === 'postgres');

const FIXTURE = readFileSync(path.join(import.meta.dirname, 'fixtures/furigana.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'));

let language: LanguageServices;
beforeAll(async () => {
  language = await languageServices();
});

const html = (text: string) => language.analyse(text, 'ja').html;

describe('furigana on hand-checked sentences', () => {
  it('has at least 100 sentences', () => {
    expect(FIXTURE.length).toBeGreaterThanOrEqual(100);
  });

  it.each(FIXTURE)('%s', (line) => {
    const out = html(stripMarkup(line));
    expect(toHiragana(readAloud(out))).toBe(toHiragana(readAloudMarkup(line)));
    // Ruby sits over kanji and numbers only (a number's comma or point included): okurigana and kana words stay outside.
    for (const base of rubyBases(out)) expect([...base.replace(/(?<=\d)[,.](?=\d)/g, '')].every(takesRuby), base).toBe(true);
  });
});

describe('okurigana alignment', () => {
  it.each([
    ['食べる', 'たべる', '食(た)べる'],
    ['取り扱い', 'とりあつかい', '取(と)り扱(あつか)い'],
    ['大人しい', 'おとなしい', '大人(おとな)しい'],
    ['聞き取り', 'ききとり', '聞(き)き取(と)り'],
    ['お願い', 'おねがい', 'お願(ねが)い'],
    ['書き換える', 'かきかえる', '書(か)き換(か)える'],
    ['日本', 'にほん', '日本(にほん)'],
  ])('%s', (surface, reading, expected) => {
    const shown = furiganaSegments(surface, reading)
      .map((s) => (s.reading ? `${s.text}(${s.reading})` : s.text))
      .join('');
    expect(shown).toBe(expected);
  });

  it('keeps kana words and katakana readings out of ruby', () => {
    expect(furiganaSegments('ここ', 'ココ')).toEqual([{ text: 'ここ' }]);
    expect(furiganaSegments('漢字', 'カンジ')).toEqual([{ text: '漢字', reading: 'かんじ' }]);
  });
});

describe('reading overrides', () => {
  it('reads 日本 as にほん and joins era names IPADIC splits', () => {
    expect(html('日本へ行く')).toContain('<ruby>日本<rt>にほん</rt></ruby>');
    expect(html('令和元年')).toContain('<span data-t="0"><ruby>令和<rt>れいわ</rt></ruby></span>');
  });

  it('reads counters with their sound changes', () => {
    expect(readAloud(html('三本と六匹と一人'))).toBe('さんぼんとろっぴきとひとり');
    expect(readAloud(html('8時30分'))).toBe('はちじさんじゅっぷん');
    expect(readAloud(html('四月一日と二十日間'))).toContain('しがつついたち');
  });

  it('reads 何 by what follows', () => {
    expect(readAloud(html('何の本'))).toBe('なんのほん');
    expect(readAloud(html('何を食べる'))).toBe('なにをたべる');
  });
});

describe('storyteller markup', () => {
  it('honours {base|reading} and <ruby> and removes them from the text', () => {
    const a = language.analyse('{明日|あす}は<ruby>東風<rt>こち</rt></ruby>が吹く', 'ja');
    expect(a.text).toBe('明日は東風が吹く');
    expect(a.html).toContain('<ruby>明日<rt>あす</rt></ruby>');
    expect(a.html).toContain('<ruby>東風<rt>こち</rt></ruby>');
  });

  it('treats a reading that is not kana as text', () => {
    const a = language.analyse('{猫|<img src=x>}', 'ja');
    expect(a.text).toBe('{猫|<img src=x>}');
    expect(a.html).not.toContain('<img');
  });
});

describe('html_text', () => {
  const ALLOWED = /^<\/?(span|ruby|rt)( data-t="\d+")?>$/;
  const tags = (out: string) => out.match(/<[^>]*>/g) ?? [];
  const hostile = [
    '<script>alert(1)</script>こんにちは',
    '"><img src=x onerror=alert(1)>&amp;',
    '<ruby onclick="x">猫<rt>ねこ</rt></ruby>',
    "it's <b>bold</b> & \"quoted\"",
    '<span data-t="99">偽</span>',
    '{猫|ねこ}</rt></ruby><script>',
  ];

  it.each(hostile)('never passes markup through: %s', (input) => {
    for (const lang of ['ja', 'en'] as const) {
      if (lang === 'en' && /[ぁ-ん一-龯]/.test(input)) continue;
      const out = language.analyse(input, lang).html;
      for (const tag of tags(out)) expect(tag).toMatch(ALLOWED);
      expect(out).not.toMatch(/<(script|img|b)\b/);
    }
  });

  it('wraps every token in a span with its index and keeps all the text', () => {
    const a = language.analyse('猫が好き。', 'ja');
    expect(a.html).toBe(
      '<span data-t="0"><ruby>猫<rt>ねこ</rt></ruby></span><span data-t="1">が</span><span data-t="2"><ruby>好<rt>す</rt></ruby>き</span><span data-t="3">。</span>',
    );
    const en = language.analyse('Cats  sleep.', 'en');
    expect(en.html).toBe('<span data-t="0">Cats</span>  <span data-t="1">sleep</span><span data-t="2">.</span>');
  });

  it('gives token offsets that slice the plain text', () => {
    for (const [text, lang] of [['東京で友達に会いました。', 'ja'], ["I can't believe it's over.", 'en']] as const) {
      for (const t of language.analyse(text, lang).tokens) expect(text.slice(t.start, t.end)).toBe(t.surface);
    }
  });
});
