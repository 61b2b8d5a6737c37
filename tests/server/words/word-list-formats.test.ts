import { describe, expect, it } from 'vitest';
import { ankiFieldText, parseWordList, WordListError, type WordListOptions } from '../../../src/server/words/word-list-formats';

/** The error `parseWordList` throws for `text`, so its line and message can be checked together. */
function errorFor(text: string, options?: WordListOptions): WordListError {
  try {
    parseWordList(text, options);
  } catch (error) {
    expect(error).toBeInstanceOf(WordListError);
    return error as WordListError;
  }
  throw new Error('expected parseWordList to throw');
}

const words = (text: string, options?: WordListOptions) => parseWordList(text, options).entries.map((entry) => entry.word);

describe('lines', () => {
  it('reads one word per line, skipping blank lines and comments, with line numbers', () => {
    const text = '# Words from my first week\napple\n\n  食べる  \n# nouns next\n\tlibrary\n';
    expect(parseWordList(text)).toEqual({
      format: 'lines',
      columns: 1,
      entries: [
        { line: 2, word: 'apple' },
        { line: 4, word: '食べる' },
        { line: 6, word: 'library' },
      ],
    });
  });

  it('accepts CRLF and CR line ends and drops a BOM', () => {
    expect(parseWordList('\uFEFFriver\r\n山\r\n\r\nmountain\rcloud').entries).toEqual([
      { line: 1, word: 'river' },
      { line: 2, word: '山' },
      { line: 4, word: 'mountain' },
      { line: 5, word: 'cloud' },
    ]);
  });

  it('splits a reading in Anki bracket notation and in half- or full-width parentheses', () => {
    const text = '食べる[たべる]\n飲む (のむ)\n読む（よむ）\n 学校 [がっこう]\nコーヒー';
    expect(parseWordList(text).entries).toEqual([
      { line: 1, word: '食べる', reading: 'たべる' },
      { line: 2, word: '飲む', reading: 'のむ' },
      { line: 3, word: '読む', reading: 'よむ' },
      { line: 4, word: '学校', reading: 'がっこう' },
      { line: 5, word: 'コーヒー' },
    ]);
  });

  it('reads furigana on part of a word, keeping the okurigana in both', () => {
    expect(parseWordList('食[た]べる\n 日本[にほん] 語[ご]').entries).toEqual([
      { line: 1, word: '食べる', reading: 'たべる' },
      { line: 2, word: '日本語', reading: 'にほんご' },
    ]);
  });

  it('leaves English notes in brackets or parentheses alone: only kana is a reading', () => {
    expect(parseWordList('run (verb)\nset [noun]').entries).toEqual([
      { line: 1, word: 'run (verb)' },
      { line: 2, word: 'set [noun]' },
    ]);
  });

  it('keeps duplicates and order, normalises to NFC and collapses inner spaces', () => {
    const decomposed = 'cafe\u0301';
    expect(words(`${decomposed}\nice   cream\ncafé\napple\napple`)).toEqual(['café', 'ice cream', 'café', 'apple', 'apple']);
  });

  it('returns no entries for an empty text or one with only comments', () => {
    expect(parseWordList('')).toEqual({ format: 'lines', columns: 0, entries: [] });
    expect(parseWordList('# nothing yet\n\n').entries).toEqual([]);
  });
});

describe('table', () => {
  it('reads TSV, skipping a detected header row', () => {
    const text = 'Word\tMeaning\n猫\tcat\n犬\tdog\n';
    expect(parseWordList(text)).toEqual({
      format: 'table',
      columns: 2,
      entries: [
        { line: 2, word: '猫' },
        { line: 3, word: '犬' },
      ],
    });
  });

  it('detects the header by any cell, case-insensitively', () => {
    expect(words('meaning,KANJI\nto walk,歩く', { column: 2 })).toEqual(['歩く']);
    expect(words('English,Lemma\nbook,本')).toEqual(['本']);
  });

  it('keeps the first row when it is not a header', () => {
    expect(words('apple,りんご\nbread,パン')).toEqual(['apple', 'bread']);
  });

  it('follows an explicit header option either way', () => {
    expect(words('apple,りんご\nbread,パン', { header: true })).toEqual(['bread']);
    expect(words('word,言葉\nbook,本', { header: false })).toEqual(['word', 'book']);
  });

  it('takes the word from the chosen column and a reading from another', () => {
    const text = 'english\tkanji\tkana\nto eat\t食べる\tたべる\nto drink\t飲む\t\n';
    expect(parseWordList(text, { column: 2, readingColumn: 3 }).entries).toEqual([
      { line: 2, word: '食べる', reading: 'たべる' },
      { line: 3, word: '飲む' },
    ]);
  });

  it('uses the columns a header names when no column is chosen', () => {
    const text = 'Meaning,Expression,Reading\nto sleep,寝る,ねる\n';
    expect(parseWordList(text).entries).toEqual([{ line: 2, word: '寝る', reading: 'ねる' }]);
  });

  it('skips records whose word column is empty', () => {
    expect(parseWordList('a,1\n,2\n   ,3\nb,4').entries).toEqual([
      { line: 1, word: 'a' },
      { line: 4, word: 'b' },
    ]);
  });

  it('reports the widest record as the number of columns', () => {
    expect(parseWordList('sun\tnoun\nmoon\tnoun\tsky\tnight\n').columns).toBe(4);
  });

  it('uses ";" as the separator when lines have it but no comma', () => {
    expect(parseWordList('Wort;Bedeutung\nHaus;house\n', { header: false }).entries.map((e) => e.word)).toEqual(['Wort', 'Haus']);
    // Any tab wins over commas.
    expect(words('a, b\tc\nd, e\tf', { format: 'table' })).toEqual(['a, b', 'd, e']);
  });

  it('reads quoted fields holding the separator and doubled quotes', () => {
    const text = 'term,meaning\n"well, actually",a phrase\n"the ""right"" one",x\n  "spaced, out" ,y\n';
    expect(words(text)).toEqual(['well, actually', 'the "right" one', 'spaced, out']);
  });

  it('reads quoted fields spanning lines, giving the line a record starts on', () => {
    const text = 'word,note\ncat,"a small\nfurry animal"\n"two\nline word",x\ndog,y\n';
    expect(parseWordList(text).entries).toEqual([
      { line: 2, word: 'cat' },
      { line: 4, word: 'two line word' },
      { line: 6, word: 'dog' },
    ]);
  });

  it('keeps a quote inside an unquoted cell as text', () => {
    expect(words('rock "n" roll,music\njazz,music')).toEqual(['rock "n" roll', 'jazz']);
  });

  it('names the line where a never-closed quote opens', () => {
    const error = errorFor('word,meaning\nsea,ocean\n"sky,blue\nrain,water\n');
    expect(error.line).toBe(3);
    expect(error.message).toBe('Line 3: a quoted field is never closed');
  });

  it('rejects a column no record reaches', () => {
    const error = errorFor('a,b\nc,d,e\n', { column: 5 });
    expect(error.line).toBeNull();
    expect(error.message).toBe('Column 5 does not exist: the file has 3 columns');
    expect(errorFor('a,b\nc,d\n', { readingColumn: 3 }).message).toBe('Column 3 does not exist: the file has 2 columns');
  });

  it('accepts a column that only some records reach', () => {
    expect(parseWordList('a,b,c\nd,e\n', { column: 3 }).entries).toEqual([{ line: 1, word: 'c' }]);
  });

  it('rejects a column number that is not a whole number from 1', () => {
    expect(errorFor('a,b', { column: 0 }).line).toBeNull();
    expect(() => parseWordList('a,b', { readingColumn: 1.5 })).toThrow(WordListError);
  });

  it('splits bracket readings in table cells too', () => {
    expect(parseWordList('食べる[たべる],to eat').entries).toEqual([{ line: 1, word: '食べる', reading: 'たべる' }]);
  });

  it('returns no entries and no error for an empty table', () => {
    expect(parseWordList('\n\n', { format: 'table', column: 3 })).toEqual({ format: 'table', columns: 0, entries: [] });
  });
});

describe('format detection', () => {
  it('detects an Anki export by its header lines', () => {
    expect(parseWordList('#separator:tab\n#html:false\n猫\tcat\n').format).toBe('anki');
    expect(parseWordList('#html:true\n猫\n').format).toBe('anki');
    expect(parseWordList('#columns:Front\tBack\n猫\tcat\n').format).toBe('anki');
  });

  it('detects a table when most lines have a tab, a comma or a semicolon', () => {
    expect(parseWordList('cat\tneko\ndog\tinu\nbird').format).toBe('table');
    expect(parseWordList('cat,neko\ndog,inu\n').format).toBe('table');
    expect(parseWordList('Katze;cat\nHund;dog\n').format).toBe('table');
  });

  it('detects lines otherwise, ignoring commas in comments and in the odd line', () => {
    expect(parseWordList('# chapter 1, part 2\ncat\ndog\nwell, then\nbird').format).toBe('lines');
    expect(parseWordList('猫\n犬').format).toBe('lines');
  });

  it('lets an explicit format win', () => {
    expect(parseWordList('cat,neko\ndog,inu', { format: 'lines' }).entries).toEqual([
      { line: 1, word: 'cat,neko' },
      { line: 2, word: 'dog,inu' },
    ]);
    expect(parseWordList('猫\n犬', { format: 'table' })).toMatchObject({ format: 'table', columns: 1 });
  });
});

describe('anki', () => {
  const exported = [
    '#separator:tab',
    '#html:true',
    '#columns:Expression\tReading\tMeaning\tTags',
    '#tags column:4',
    '<b>食べる</b>\tたべる\tto eat\tverb',
    '飲む&nbsp;\t<div>のむ</div>\tto drink [sound:nomu.mp3]\tverb',
    '<div>水</div>[sound:mizu.mp3]\tみず\twater\tnoun',
    ' 学校[がっこう]\t\tschool\tnoun',
    '{{c1::先生}}\tせんせい\tteacher\tnoun',
    '"{{c1::rain::weather}}"\t\t"a ""wet"" day,\nin spring"\tenglish',
    'Tom &amp; Jerry &lt;3 &#39;s &#x732B;\t\tnames\tenglish',
  ].join('\n');

  it('reads a realistic export: HTML, entities, sound tags, furigana, cloze, quoting', () => {
    expect(parseWordList(exported)).toEqual({
      format: 'anki',
      columns: 4,
      entries: [
        { line: 5, word: '食べる', reading: 'たべる' },
        { line: 6, word: '飲む', reading: 'のむ' },
        { line: 7, word: '水', reading: 'みず' },
        { line: 8, word: '学校', reading: 'がっこう' },
        { line: 9, word: '先生', reading: 'せんせい' },
        { line: 10, word: 'rain' },
        { line: 12, word: "Tom & Jerry <3 's 猫" },
      ],
    });
  });

  it('lets a chosen column win over the named one', () => {
    expect(words(exported, { column: 3 }).slice(0, 3)).toEqual(['to eat', 'to drink', 'water']);
  });

  it('skips metadata columns when nothing names the word column', () => {
    const text = '#separator:tab\n#html:true\n#guid column:1\n#notetype column:2\n#deck column:3\nxY1\tBasic\tJapanese\t<i>猫</i>\tcat\n';
    expect(parseWordList(text).entries).toEqual([{ line: 6, word: '猫' }]);
  });

  it('finds a reading column named kana or furigana', () => {
    const text = '#separator:comma\n#columns:Meaning,Kanji,Furigana\nto walk,歩く,あるく\n';
    expect(parseWordList(text).entries).toEqual([{ line: 3, word: '歩く', reading: 'あるく' }]);
  });

  it('understands named and literal separators', () => {
    expect(words('#separator:semicolon\n#html:false\nhouse;家\n')).toEqual(['house']);
    expect(words('#separator:Pipe\n#html:false\ntree|木\n')).toEqual(['tree']);
    expect(words('#separator:space\n#html:false\nflower 花\n')).toEqual(['flower']);
    expect(words('#separator:/\n#html:false\nstone/石\n')).toEqual(['stone']);
  });

  it('rejects a separator it cannot understand, naming the header line', () => {
    const error = errorFor('#html:true\n#separator:dash\ncat\n');
    expect(error.line).toBe(2);
    expect(error.message).toMatch(/^Line 2: /);
  });

  it('leaves HTML as text when #html:false, but still drops sound tags and cloze markup', () => {
    const text = '#separator:tab\n#html:false\n<b>bold</b>\tx\nfish &amp; chips\tx\n{{c2::bread}}[sound:pan.mp3]\tx\n';
    expect(words(text)).toEqual(['<b>bold</b>', 'fish &amp; chips', 'bread']);
  });

  it('treats fields as HTML when there is no #html header', () => {
    expect(words('#separator:comma\n<u>moon</u>,月\n')).toEqual(['moon']);
  });

  it('turns ruby markup into word and reading', () => {
    const text = '#html:true\n<ruby>漢字<rp>(</rp><rt>かんじ</rt><rp>)</rp></ruby>\tkanji\n<ruby>食<rt>た</rt></ruby>べる\tto eat\n';
    expect(parseWordList(text).entries).toEqual([
      { line: 2, word: '漢字', reading: 'かんじ' },
      { line: 3, word: '食べる', reading: 'たべる' },
    ]);
  });

  it('separates block elements and line breaks by a space', () => {
    expect(words('#html:true\n<div>good</div><div>morning</div>\tx\nsee<br>you\tx\n')).toEqual(['good morning', 'see you']);
  });

  it('skips comment lines and fields left empty once cleaned', () => {
    const text = '#separator:tab\n#html:true\n猫\tcat\n# a note to myself\n[sound:only.mp3]\tsound\n<br>\tnothing\n犬\tdog\n';
    expect(parseWordList(text).entries).toEqual([
      { line: 3, word: '猫' },
      { line: 7, word: '犬' },
    ]);
  });

  it('ignores unknown header lines', () => {
    expect(parseWordList('#separator:tab\n#notetype:Basic\n#deck:Japanese::N5\n#if matches:update current\n魚\tfish\n').entries).toEqual([
      { line: 5, word: '魚' },
    ]);
  });

  it('rejects a chosen column no note has', () => {
    expect(errorFor(exported, { column: 9 }).message).toBe('Column 9 does not exist: the file has 4 columns');
  });
});

describe('ankiFieldText', () => {
  it('cleans one HTML field of a card into word and reading', () => {
    expect(ankiFieldText('<div><b>食べる</b>&nbsp;[sound:taberu.mp3]</div>')).toEqual({ word: '食べる' });
    expect(ankiFieldText(' 食[た]べる')).toEqual({ word: '食べる', reading: 'たべる' });
    expect(ankiFieldText('{{c1::journey::a long trip}}')).toEqual({ word: 'journey' });
    expect(ankiFieldText('cafe\u0301 &amp; bar')).toEqual({ word: 'café & bar' });
  });

  it('returns null, never throwing, for an empty field or too long a word', () => {
    expect(ankiFieldText('<br>[sound:x.mp3]')).toBeNull();
    expect(ankiFieldText('')).toBeNull();
    expect(ankiFieldText(`<i>${'d'.repeat(101)}</i>`)).toBeNull();
    expect(ankiFieldText('d'.repeat(100))).toEqual({ word: 'd'.repeat(100) });
  });
});

describe('limits', () => {
  it('rejects a word longer than 100 characters, naming its line', () => {
    const error = errorFor(`short\n${'a'.repeat(101)}\n`);
    expect(error.line).toBe(2);
    expect(error.message).toBe('Line 2: the word is longer than 100 characters');
  });

  it('accepts a word of exactly 100 characters, counting characters beyond the BMP as one', () => {
    expect(words('a'.repeat(100))[0]).toHaveLength(100);
    expect(words('𠮷'.repeat(100))).toHaveLength(1);
  });

  it('checks the length after cleaning an Anki field', () => {
    expect(words(`#html:true\n<b>${'b'.repeat(100)}</b>\tx\n`)[0]).toHaveLength(100);
    expect(errorFor(`#html:true\n猫\tcat\n${'c'.repeat(101)}\tx\n`).line).toBe(3);
  });

  it('rejects a text with a NUL byte', () => {
    const error = errorFor('cat\n\0dog');
    expect(error.line).toBeNull();
    expect(error.message).toBe('This is not a text file');
  });

  it('rejects a text longer than 1,000,000 characters', () => {
    expect(errorFor('a\n'.repeat(500_001)).message).toBe('The list is too long: at most 1,000,000 characters');
    expect(() => parseWordList('x'.repeat(1_000_000), { format: 'table' })).toThrow('longer than 100 characters');
  });

  it('stays fast on long runs of stray markup (no regex backtracking)', () => {
    // Each of these once took minutes; the 20 s test timeout catches a regression.
    expect(errorFor('a ['.repeat(300_000), { format: 'lines' }).line).toBe(1);
    expect(errorFor(`#html:true\n${'<'.repeat(900_000)}`).line).toBe(2);
    expect(errorFor(`#html:true\n${'{{c1::a::'.repeat(100_000)}`).line).toBe(2);
  });

  it('rejects more than 50,000 words but accepts exactly 50,000', () => {
    expect(parseWordList('w\n'.repeat(50_000)).entries).toHaveLength(50_000);
    const error = errorFor('w\n'.repeat(50_001));
    expect(error.line).toBeNull();
    expect(error.message).toBe('The list has more than 50,000 words');
  });

  it('is a WordListError with a name', () => {
    const error = errorFor('\0');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('WordListError');
  });
});
