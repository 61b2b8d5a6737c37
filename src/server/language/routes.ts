import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  analysisBody,
  grammarDetectBody,
  grammarExplainBody,
  grammarFeedbackBody,
  type Language,
  languageOfLevel,
  type StoryLevel,
  vocabularyBatchBody,
  vocabularyDetectBody,
  vocabularyExplainBody,
} from '../../shared/language';
import { optionalAccount, requireAccount } from '../accounts/authenticate';
import type { Accounts } from '../accounts/service';
import type { Database } from '../db/client';
import { grammarFeedback } from '../db/schema';
import { HttpError, parseInput } from '../http/errors';
import type { RateLimiter } from '../rate-limit';
import { explainPattern } from './grammar/explain';
import { looksJapanese } from './japanese/kana';
import { createWordKnowledge } from '../words/knowledge';
import { createLearnerProgress } from './progress';
import type { LanguageServices } from './services';
import type { VocabularyExplainer } from './vocabulary/explain';

const LEVEL_SCALE = { ja: 'a JLPT level (N5–N1)', en: 'a CEFR level (A1–C2)' } as const;

/**
 * The language of a text: from the level when given (N… is Japanese, A1…C2 English), else as
 * given, else from its script. A text in the other language is refused rather than misread.
 */
export function resolveLanguage(text: string, language?: Language, level?: StoryLevel): Language {
  const fromLevel = level && languageOfLevel(level);
  if (fromLevel && language && fromLevel !== language) {
    throw new HttpError(400, `Level ${level} does not fit ${language === 'ja' ? 'Japanese' : 'English'}: use ${LEVEL_SCALE[language]}`);
  }
  const chosen = fromLevel ?? language ?? (looksJapanese(text) ? 'ja' : 'en');
  if (chosen === 'ja' && !looksJapanese(text)) throw new HttpError(400, 'The text is not Japanese');
  if (chosen === 'en' && looksJapanese(text)) throw new HttpError(400, 'The text is Japanese, not English');
  return chosen;
}

interface Options {
  db: Database;
  accounts: Accounts;
  rateLimiter: RateLimiter;
  language: LanguageServices;
  vocabulary: VocabularyExplainer;
}

/** SPEC §7 Analysis, grammar, vocabulary. Reading calls admit everyone; progress is per learner. */
export const languageRoutes: FastifyPluginAsync<Options> = async (app, { db, accounts, rateLimiter, language, vocabulary }) => {
  const progress = createLearnerProgress(db);
  const words = createWordKnowledge(db);
  const signedIn = requireAccount(accounts);
  const learnerOf = async (request: FastifyRequest) => (await optionalAccount(accounts, request))?.user.id;

  app.addHook('preHandler', async () => {
    await language.ready;
  });

  app.post('/api/analysis', async (request) => {
    const body = parseInput(analysisBody, request.body);
    const lang = resolveLanguage(body.text, body.language, body.user_level);
    return language.analysis(body.text, lang, body.user_level);
  });

  app.post('/api/grammar/detect', async (request) => {
    const body = parseInput(grammarDetectBody, request.body);
    const lang = resolveLanguage(body.text, body.language, body.user_level);
    const analysed = language.analyse(body.text, lang);
    const patterns = language.grammar(analysed);
    if (!body.include_explanations) return { patterns };
    const catalogue = new Map(language.catalogue().map((p) => [p.id, p]));
    return { patterns, explanations: Object.fromEntries(patterns.map((p) => [p.id, explainPattern(catalogue.get(p.id)!, analysed.text)])) };
  });

  app.post('/api/grammar/explain', async (request) => {
    const body = parseInput(grammarExplainBody, request.body);
    const lang = resolveLanguage(body.full_sentence, body.language, body.user_level);
    const catalogue = language.catalogue();
    const analysed = language.analyse(body.full_sentence, lang);
    let pattern = body.pattern_id ? catalogue.find((p) => p.id === body.pattern_id && p.language === lang) : undefined;
    if (body.pattern_id && !pattern) throw new HttpError(404, 'Unknown grammar pattern');
    if (!pattern) {
      const found = language.grammar(analysed);
      const highlighted = body.highlighted_text;
      const at = analysed.text.indexOf(highlighted);
      const match =
        found.find((p) => p.matched_text === highlighted) ??
        found.find((p) => at >= 0 && p.start < at + highlighted.length && p.end > at) ??
        found.find((p) => p.matched_text.includes(highlighted) || highlighted.includes(p.matched_text));
      pattern = match && catalogue.find((p) => p.id === match.id);
    }
    if (!pattern) throw new HttpError(404, 'No grammar pattern found in the highlighted text');
    const learner = await learnerOf(request);
    if (learner) await progress.grammarOpened(learner, pattern);
    return { success: true, data: { explanation: explainPattern(pattern, analysed.text) } };
  });

  app.get('/api/grammar/progress', { preHandler: signedIn }, async (request) => ({
    success: true,
    data: await progress.grammarProgress(request.account!.user.id, language.catalogue()),
  }));

  app.get('/api/grammar/statistics', { preHandler: signedIn }, async (request) => ({
    success: true,
    data: await progress.statistics(request.account!.user.id, language.catalogue()),
  }));

  app.post('/api/grammar/feedback', async (request, reply) => {
    const body = parseInput(grammarFeedbackBody, request.body);
    if (!language.catalogue().some((p) => p.id === body.pattern_id)) throw new HttpError(404, 'Unknown grammar pattern');
    await rateLimiter.check('grammarFeedback', request.ip);
    await db.insert(grammarFeedback).values({
      userId: (await learnerOf(request)) ?? null,
      patternId: body.pattern_id,
      feedbackType: body.feedback_type,
      details: body.details,
      userAgent: body.user_agent ?? request.headers['user-agent'] ?? null,
      appVersion: body.app_version,
    });
    return reply.code(201).send({ success: true });
  });

  app.post('/api/vocabulary/detect', async (request) => {
    const body = parseInput(vocabularyDetectBody, request.body);
    const lang = resolveLanguage(body.text, body.language, body.user_level);
    return { words: language.vocabulary(language.analyse(body.text, lang)) };
  });

  app.post('/api/vocabulary/explain', async (request) => {
    const body = parseInput(vocabularyExplainBody, request.body);
    if (vocabulary.contextual && (body.full_sentence || body.context_snippet)) await rateLimiter.check('contextualExplain', request.ip);
    const { explanation, cached } = await vocabulary.explain(body);
    const learner = await learnerOf(request);
    if (learner) {
      const lang = body.language ?? (looksJapanese(explanation.word) ? 'ja' : 'en');
      await progress.wordOpened(learner, lang, explanation.word, explanation.level);
      if (body.key) await words.lookedUp(learner, lang, body.key);
    }
    return { ...explanation, cached };
  });

  app.post('/api/vocabulary/explain/batch', async (request) => {
    const body = parseInput(vocabularyBatchBody, request.body);
    // Each item in context may cost a model call, so each counts, and only a learner may ask for them in bulk.
    const contextual = vocabulary.contextual ? body.items.filter((item) => item.full_sentence || item.context_snippet).length : 0;
    if (contextual > 0) {
      if (!(await learnerOf(request))) throw new HttpError(401, 'Sign in to explain several words in context at once.', { 'www-authenticate': 'Bearer' });
      await rateLimiter.check('contextualExplain', request.ip, undefined, contextual);
    }
    const started = performance.now();
    const outcomes = [];
    for (const item of body.items) outcomes.push(await vocabulary.explain(item));
    return {
      explanations: outcomes.map((o) => o.explanation),
      total_time_ms: Math.round(performance.now() - started),
      cached_count: outcomes.filter((o) => o.cached).length,
    };
  });

  app.get('/api/vocabulary/cache/stats', async () => vocabulary.stats());
};
