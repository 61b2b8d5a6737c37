/**
 * One analysed token of either language. Offsets are UTF-16 indexes into the plain text, so the
 * client can slice the same string it displays.
 */
export interface Token {
  index: number;
  surface: string;
  /** Japanese: the surface as written; English: lower case. What grammar rules compare against. */
  norm: string;
  start: number;
  end: number;
  /** Dictionary form (Japanese) or lemma (English). */
  base: string;
  /** Japanese: kuromoji's part of speech (名詞, 動詞…); English: the universal POS tag (NOUN, VERB…). */
  pos: string;
  /** Japanese: the first POS detail (自立, 格助詞…); empty for English. */
  detail: string;
  /** Japanese: the conjugated form (連用形, 未然形…); empty for English. */
  form: string;
  /** Hiragana reading for Japanese; empty for English. */
  reading: string;
  /** The reading is a best guess: no dictionary knows the word, so it was read kanji by kanji. */
  guessed?: boolean;
}
