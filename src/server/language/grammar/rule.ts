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
  requirements: Set<string>[][];
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
  const requirements = sequences.map((steps) =>
    steps.flatMap((step) => {
      if (step.kind !== 'token' || step.opt) return [];
      const words = new Set([...(step.test.s ?? []), ...(step.test.b ?? [])]);
      // A step naming both s and b is satisfied by either word being present.
      return words.size > 0 ? [words] : [];
    }),
  );
  return { sequences, requirements };
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

/** The words of a text, for the requirement filter. */
export function wordsOf(tokens: Token[]): Set<string> {
  const words = new Set<string>();
  for (const t of tokens) {
    words.add(t.norm);
    words.add(t.base);
  }
  return words;
}

/** Every non-overlapping match of the rule, left to right. */
export function matchRule(rule: CompiledRule, tokens: Token[], words: Set<string>): RuleMatch[] {
  const matches: RuleMatch[] = [];
  rule.sequences.forEach((steps, n) => {
    if (!rule.requirements[n]!.every((anyOf) => [...anyOf].some((w) => words.has(w)))) return;
    let from = 0;
    while (from < tokens.length) {
      const found = matchFrom(steps, tokens, from);
      if (!found) {
        from++;
        continue;
      }
      if (!matches.some((m) => m.first <= found.last && found.first <= m.last)) matches.push(found);
      from = Math.max(from + 1, found.end);
    }
  });
  return matches.sort((a, b) => a.first - b.first);
}

interface Attempt {
  first: number;
  last: number;
  end: number;
}

function matchFrom(steps: CompiledStep[], tokens: Token[], start: number): Attempt | null {
  const walk = (step: number, at: number, first: number, last: number): Attempt | null => {
    if (step === steps.length) return last >= 0 ? { first, last, end: at } : null;
    const current = steps[step]!;
    if (current.kind === 'gap') {
      for (let skip = 0; skip <= current.max && at + skip <= tokens.length; skip++) {
        const result = walk(step + 1, at + skip, first, last);
        if (result) return result;
      }
      return null;
    }
    const mark = (end: number) => {
      if (current.ctx) return { first, last };
      return { first: first < 0 ? at : first, last: end - 1 };
    };
    if (current.rep) {
      let end = at;
      while (end < tokens.length && stepMatches(current, tokens[end]!)) end++;
      for (; end > at; end--) {
        const m = mark(end);
        const result = walk(step + 1, end, m.first, m.last);
        if (result) return result;
      }
    } else if (at < tokens.length && stepMatches(current, tokens[at]!)) {
      const m = mark(at + 1);
      const result = walk(step + 1, at + 1, m.first, m.last);
      if (result) return result;
    }
    return current.opt ? walk(step + 1, at, first, last) : null;
  };
  return walk(0, start, -1, -1);
}
