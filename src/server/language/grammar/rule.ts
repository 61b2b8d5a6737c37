import { z } from 'zod';
import type { Token } from '../token';

/**
 * Grammar rules are token sequences, written in the pattern files as JSON. A step matches one token
 * when every field it names matches (a string or any of a list):
 *   s  the surface (English: lower case)     b  the base form / lemma
 *   p  the part of speech                    d  the POS detail (Japanese, e.g. 接続助詞)
 *   f  the conjugated form, by prefix ("連用" matches 連用形 and 連用タ接続)
 *   re a regular expression over the surface (English: lower case), anchored by the author
 *   not  a step this token must NOT match
 * Modifiers: opt (0 or 1 token), rep (1 or more tokens, greedy with backtracking),
 * ctx (must match but stays outside the highlighted span), and a bare {gap: n} step that skips 0…n
 * tokens of any kind. A rule is a list of alternative sequences; the first that matches wins.
 */
const oneOrMany = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

const tokenTest = z
  .object({
    s: oneOrMany.optional(),
    b: oneOrMany.optional(),
    p: oneOrMany.optional(),
    d: oneOrMany.optional(),
    f: oneOrMany.optional(),
    re: z.string().min(1).optional(),
  })
  .strict();

const tokenStep = tokenTest
  .extend({
    not: tokenTest.optional(),
    opt: z.literal(true).optional(),
    rep: z.literal(true).optional(),
    ctx: z.literal(true).optional(),
  })
  .strict();

const gapStep = z.object({ gap: z.number().int().min(1).max(8) }).strict();

export const ruleSchema = z.array(z.array(z.union([gapStep, tokenStep])).min(1)).min(1);
export type RuleSource = z.infer<typeof ruleSchema>;

interface CompiledTest {
  s?: Set<string>;
  b?: Set<string>;
  p?: Set<string>;
  d?: Set<string>;
  f?: string[];
  re?: RegExp;
}

type CompiledStep =
  | { kind: 'gap'; max: number }
  | { kind: 'token'; test: CompiledTest; not?: CompiledTest; opt: boolean; rep: boolean; ctx: boolean };

export interface CompiledRule {
  sequences: CompiledStep[][];
  /**
   * For each sequence, the literal words (surface or base) of which at least one must occur in the
   * text for the sequence to have a chance: a cheap filter before any matching.
   */
  requirements: string[][][];
  /**
   * For each sequence, its first required literal step and how many tokens can come before it, so
   * matching only starts near where that word occurs; null when the prefix is unbounded.
   */
  anchors: ({ words: string[]; maxPrefix: number } | null)[];
}

const toList = (value: string | string[] | undefined) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);
const toSet = (value: string | string[] | undefined) => {
  const list = toList(value);
  return list && new Set(list);
};

function compileTest(source: z.infer<typeof tokenTest>): CompiledTest {
  return {
    s: toSet(source.s),
    b: toSet(source.b),
    p: toSet(source.p),
    d: toSet(source.d),
    f: toList(source.f),
    re: source.re === undefined ? undefined : new RegExp(source.re, 'u'),
  };
}

export function compileRule(source: RuleSource): CompiledRule {
  const sequences = source.map((sequence) =>
    sequence.map((step): CompiledStep => {
      if ('gap' in step) return { kind: 'gap', max: step.gap };
      const { not, opt, rep, ctx } = step;
      return { kind: 'token', test: compileTest(step), not: not && compileTest(not), opt: !!opt, rep: !!rep, ctx: !!ctx };
    }),
  );
  // The words a required step needs; a step with only a part of speech needs a token of it ("#動詞").
  const literals = (step: CompiledStep) => {
    if (step.kind !== 'token' || step.opt) return [];
    const words = [...new Set([...(step.test.s ?? []), ...(step.test.b ?? [])])];
    return words.length > 0 ? words : [...(step.test.p ?? [])].map((p) => `#${p}`);
  };
  // A step naming both s and b is satisfied by either word being present.
  const requirements = sequences.map((steps) => steps.map(literals).filter((words) => words.length > 0));
  const anchors = sequences.map((steps) => {
    let maxPrefix = 0;
    for (const step of steps) {
      const words = literals(step);
      if (words.length > 0) return { words, maxPrefix };
      if (step.kind === 'gap') maxPrefix += step.max;
      else if (step.rep) return null;
      else maxPrefix += 1;
    }
    return null;
  });
  return { sequences, requirements, anchors };
}

function passes(test: CompiledTest, token: Token): boolean {
  if (test.s && !test.s.has(token.norm)) return false;
  if (test.b && !test.b.has(token.base)) return false;
  if (test.p && !test.p.has(token.pos)) return false;
  if (test.d && !test.d.has(token.detail)) return false;
  if (test.f && !test.f.some((prefix) => token.form.startsWith(prefix))) return false;
  if (test.re && !test.re.test(token.norm)) return false;
  return true;
}

const stepMatches = (step: Extract<CompiledStep, { kind: 'token' }>, token: Token) =>
  passes(step.test, token) && !(step.not && passes(step.not, token));

export interface RuleMatch {
  /** Token indexes of the highlighted part: first and last, inclusive. */
  first: number;
  last: number;
}

/** Where each word (surface and base form) of a text occurs, for the filters and anchors. */
export type WordIndex = Map<string, number[]>;

const posKeys = new Map<string, string>();
const posKey = (pos: string) => {
  let key = posKeys.get(pos);
  if (!key) posKeys.set(pos, (key = `#${pos}`));
  return key;
};

function addWord(index: WordIndex, word: string, at: number) {
  const list = index.get(word);
  if (!list) index.set(word, [at]);
  else if (list[list.length - 1] !== at) list.push(at);
}

export function wordsOf(tokens: Token[]): WordIndex {
  const index: WordIndex = new Map();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    addWord(index, t.norm, i);
    if (t.base !== t.norm) addWord(index, t.base, i);
    addWord(index, posKey(t.pos), i);
  }
  return index;
}

/** The token indexes where a sequence may start: up to maxPrefix before each anchor word, in order. */
function startsFor(anchor: { words: string[]; maxPrefix: number }, index: WordIndex): number[] {
  let at: number[] = [];
  for (const word of anchor.words) {
    const found = index.get(word);
    if (found) at = at.length === 0 ? found : [...at, ...found].sort((a, b) => a - b);
  }
  const starts: number[] = [];
  let next = 0;
  for (const position of at) {
    for (let start = Math.max(next, position - anchor.maxPrefix); start <= position; start++) starts.push(start);
    next = Math.max(next, position + 1);
  }
  return starts;
}

/** Whether every required step has one of its words in the text (plain loops: this runs for most sequences of every line). */
function meetsRequirements(groups: string[][], index: WordIndex): boolean {
  for (let g = 0; g < groups.length; g++) {
    const words = groups[g]!;
    let present = false;
    for (let w = 0; w < words.length && !present; w++) present = index.has(words[w]!);
    if (!present) return false;
  }
  return true;
}

/** Adds the non-overlapping matches of one sequence of a rule to `matches`. */
export function matchSequence(rule: CompiledRule, n: number, tokens: Token[], index: WordIndex, matches: RuleMatch[]): void {
  if (!meetsRequirements(rule.requirements[n]!, index)) return;
  const steps = rule.sequences[n]!;
  const anchor = rule.anchors[n];
  const starts = anchor ? startsFor(anchor, index) : null;
  let next = 0;
  const count = starts ? starts.length : tokens.length;
  for (let k = 0; k < count; k++) {
    const from = starts ? starts[k]! : k;
    if (from < next) continue;
    const found = walk(steps, tokens, 0, from, -1, -1);
    if (!found) continue;
    if (!matches.some((m) => m.first <= found.last && found.first <= m.last)) matches.push(found);
    next = Math.max(from + 1, found.end);
  }
}

/** Every non-overlapping match of the rule, left to right. */
export function matchRule(rule: CompiledRule, tokens: Token[], index: WordIndex): RuleMatch[] {
  const matches: RuleMatch[] = [];
  for (let n = 0; n < rule.sequences.length; n++) matchSequence(rule, n, tokens, index, matches);
  return matches.sort((a, b) => a.first - b.first);
}

interface Attempt {
  first: number;
  last: number;
  end: number;
}

function walk(steps: CompiledStep[], tokens: Token[], step: number, at: number, first: number, last: number): Attempt | null {
  if (step === steps.length) return last >= 0 ? { first, last, end: at } : null;
  const current = steps[step]!;
  if (current.kind === 'gap') {
    for (let skip = 0; skip <= current.max && at + skip <= tokens.length; skip++) {
      const result = walk(steps, tokens, step + 1, at + skip, first, last);
      if (result) return result;
    }
    return null;
  }
  if (current.rep) {
    let end = at;
    while (end < tokens.length && stepMatches(current, tokens[end]!)) end++;
    for (; end > at; end--) {
      const result = current.ctx
        ? walk(steps, tokens, step + 1, end, first, last)
        : walk(steps, tokens, step + 1, end, first < 0 ? at : first, end - 1);
      if (result) return result;
    }
  } else if (at < tokens.length && stepMatches(current, tokens[at]!)) {
    const result = current.ctx
      ? walk(steps, tokens, step + 1, at + 1, first, last)
      : walk(steps, tokens, step + 1, at + 1, first < 0 ? at : first, at);
    if (result) return result;
  }
  return current.opt ? walk(steps, tokens, step + 1, at, first, last) : null;
}
