import { and, asc, eq, inArray, isNotNull, notExists, or, sql, type Column } from 'drizzle-orm';
import type { User } from '../../shared/api';
import type { Database } from '../db/client';
import {
  characters,
  contactMessages,
  emailTokens,
  grammarFeedback,
  grammarViews,
  mailOutbox,
  monthlyUsage,
  rateLimits,
  saves,
  scenes,
  stories,
  storyCharacters,
  subscriptions,
  users,
  vocabularyViews,
  wordKnowledge,
  readingHours,
  reviewCards,
  reviewLogs,
} from '../db/schema';

type UserRow = typeof users.$inferSelect;

const iso = (at: Date | null) => at?.toISOString() ?? null;
const sameText = (column: Column, value: string) => sql`lower(${column}) = ${value.toLowerCase()}`;

/**
 * Whether a text names the address as a whole (case-insensitive): `b@x.com` is in "from b@x.com." and in the
 * key `loginFailures:b@x.com:10.0.0.1`, but not in `ab@x.com` nor `b@x.com.au`. A regular expression with the address
 * escaped, never LIKE, whose wildcards `_` and `%` may be part of an address.
 */
function mentions(column: Column, email: string) {
  const escaped = email.toLowerCase().replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  const edge = '[^a-z0-9._%+-]';
  // A full stop after the address may end the sentence ("to b@x.com."), or continue the domain (b@x.com.au).
  return sql`${column} ~* ${`(^|${edge})${escaped}($|${edge}|\\.($|[^a-z0-9]))`}`;
}

/**
 * Everything stored about a learner, as one JSON document they can keep: the account (without its password
 * hash or any token), plan, usage, stories with every scene, saves, what they looked up, and what they sent us.
 */
export async function exportAccount(db: Database, user: UserRow, apiUser: User, now: Date) {
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  const usage = await db
    .select({ month: monthlyUsage.month, stories_generated: monthlyUsage.storiesGenerated })
    .from(monthlyUsage)
    .where(eq(monthlyUsage.userId, user.id))
    .orderBy(asc(monthlyUsage.month));
  const storyRows = await db.select().from(stories).where(eq(stories.userId, user.id)).orderBy(asc(stories.createdAt));
  const storyIds = storyRows.map((story) => story.id);
  const sceneRows = storyIds.length
    ? await db
        .select()
        .from(scenes)
        .where(inArray(scenes.storyId, storyIds))
        .orderBy(asc(scenes.storyId), asc(scenes.sceneNumber), asc(scenes.createdAt))
    : [];
  const castRows = storyIds.length
    ? await db.select().from(storyCharacters).where(inArray(storyCharacters.storyId, storyIds))
    : [];
  const saveRows = await db.select().from(saves).where(eq(saves.userId, user.id)).orderBy(asc(saves.createdAt));
  const grammar = await db.select().from(grammarViews).where(eq(grammarViews.userId, user.id)).orderBy(asc(grammarViews.firstSeenAt));
  const vocabulary = await db
    .select()
    .from(vocabularyViews)
    .where(eq(vocabularyViews.userId, user.id))
    .orderBy(asc(vocabularyViews.firstSeenAt));
  const words = await db.select().from(wordKnowledge).where(eq(wordKnowledge.userId, user.id)).orderBy(asc(wordKnowledge.language), asc(wordKnowledge.key));
  const cards = await db.select().from(reviewCards).where(eq(reviewCards.userId, user.id)).orderBy(asc(reviewCards.createdAt));
  const grades = await db.select().from(reviewLogs).where(eq(reviewLogs.userId, user.id)).orderBy(asc(reviewLogs.reviewedAt));
  const reading = await db.select().from(readingHours).where(eq(readingHours.userId, user.id)).orderBy(asc(readingHours.hour));
  const contact = await db
    .select()
    .from(contactMessages)
    .where(or(eq(contactMessages.userId, user.id), sameText(contactMessages.email, user.email)))
    .orderBy(asc(contactMessages.createdAt));
  const feedback = await db
    .select()
    .from(grammarFeedback)
    .where(eq(grammarFeedback.userId, user.id))
    .orderBy(asc(grammarFeedback.createdAt));

  return {
    format: 'kotoba-tales-export' as const,
    version: 1,
    exported_at: now.toISOString(),
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      email_verified: user.emailVerified,
      pending_email: apiUser.pending_email ?? null,
      created_at: iso(user.createdAt),
      last_login: iso(user.lastLogin),
    },
    subscription: {
      ...apiUser.subscription,
      billing: subscription
        ? {
            provider: subscription.provider,
            customer_id: subscription.customerId,
            subscription_id: subscription.subscriptionId,
            status: subscription.status,
            current_period_end: iso(subscription.currentPeriodEnd),
            cancel_at_period_end: subscription.cancelAtPeriodEnd,
            updated_at: iso(subscription.updatedAt),
          }
        : null,
    },
    monthly_usage: usage,
    stories: storyRows.map((story) => ({
      id: story.id,
      title: story.title,
      language: story.language,
      level: story.level,
      theme: story.theme,
      custom_prompt: story.customPrompt,
      status: story.status,
      summary: story.summary,
      created_at: iso(story.createdAt),
      last_read_at: iso(story.lastReadAt),
      characters: castRows.filter((cast) => cast.storyId === story.id).map((cast) => ({ key: cast.key, name: cast.name })),
      scenes: sceneRows
        .filter((scene) => scene.storyId === story.id)
        .map((scene) => ({
          id: scene.id,
          scene_number: scene.sceneNumber,
          parent_scene_id: scene.parentSceneId,
          choice_id: scene.choiceId,
          status: scene.status,
          setting: scene.setting,
          image_url: scene.imageUrl,
          dialogue: scene.dialogue,
          choices: scene.choices,
          is_ending: scene.isEnding,
          ending_title: scene.endingTitle,
          created_at: iso(scene.createdAt),
        })),
    })),
    saves: saveRows.map((save) => ({
      slot_index: save.slotIndex,
      save_name: save.saveName,
      story_id: save.storyId,
      scene_id: save.sceneId,
      line_index: save.lineIndex,
      created_at: iso(save.createdAt),
    })),
    grammar_views: grammar.map((view) => ({
      pattern_id: view.patternId,
      language: view.language,
      level: view.level,
      views: view.views,
      first_seen_at: iso(view.firstSeenAt),
      last_seen_at: iso(view.lastSeenAt),
    })),
    vocabulary_views: vocabulary.map((view) => ({
      language: view.language,
      word: view.word,
      level: view.level,
      views: view.views,
      first_seen_at: iso(view.firstSeenAt),
      last_seen_at: iso(view.lastSeenAt),
    })),
    words_onboarded_at: iso(user.wordsOnboardedAt),
    word_knowledge: words.map((word) => ({
      language: word.language,
      key: word.key,
      status: word.status,
      stage: word.stage,
      seen_count: word.seenCount,
      lookup_count: word.lookupCount,
      first_seen_at: iso(word.firstSeenAt),
      first_story_id: word.firstStoryId,
      first_scene_id: word.firstSceneId,
      updated_at: iso(word.updatedAt),
    })),
    review_settings: { new_per_day: user.reviewNewPerDay, reviews_per_day: user.reviewReviewsPerDay },
    review_cards: cards.map((card) => ({
      id: card.id,
      language: card.language,
      kind: card.kind,
      key: card.key,
      word: card.word,
      reading: card.reading,
      meaning: card.meaning,
      sentence: card.sentence,
      grammar_note: card.grammarNote,
      story_title: card.storyTitle,
      scene_number: card.sceneNumber,
      created_at: iso(card.createdAt),
      due: iso(card.due),
      stability: card.stability,
      difficulty: card.difficulty,
      scheduled_days: card.scheduledDays,
      reps: card.reps,
      lapses: card.lapses,
      state: card.state,
      last_review: iso(card.lastReview),
    })),
    review_grades: grades.map((grade) => ({ card_id: grade.cardId, rating: grade.rating, reviewed_at: iso(grade.reviewedAt) })),
    reading_hours: reading.map((hour) => ({ language: hour.language, hour: iso(hour.hour), lines: hour.lines, characters: hour.characters, seconds: hour.seconds })),
    contact_messages: contact.map((message) => ({
      email: message.email,
      subject: message.subject,
      message: message.message,
      ip: message.ip,
      created_at: iso(message.createdAt),
    })),
    grammar_feedback: feedback.map((item) => ({
      pattern_id: item.patternId,
      feedback_type: item.feedbackType,
      details: item.details,
      user_agent: item.userAgent,
      app_version: item.appVersion,
      created_at: iso(item.createdAt),
    })),
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccount>>;

/**
 * Deletes a learner and every row about them, in one transaction. The users row cascades to sessions,
 * links, usage, subscription, test-billing sessions, lookups, stories (with their cast, scenes, events and
 * saves). Rows that point at the learner only loosely go explicitly: what they sent us (contact messages,
 * grammar feedback), mail to their address, rate-limit counters keyed by their address, and the
 * characters drawn for their stories alone.
 */
export async function eraseAccount(db: Database, user: UserRow): Promise<void> {
  await db.transaction(async (tx) => {
    const email = user.email.toLowerCase();
    const cast = await tx
      .select({ id: storyCharacters.characterId })
      .from(storyCharacters)
      .innerJoin(stories, eq(stories.id, storyCharacters.storyId))
      .where(eq(stories.userId, user.id));
    // Addresses a change was asked for: the confirmation mail there holds the learner's name and link.
    const pending = await tx
      .selectDistinct({ email: emailTokens.newEmail })
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, user.id), isNotNull(emailTokens.newEmail)));
    const pendingUnclaimed: string[] = [];
    for (const { email: address } of pending) {
      if (!address || address.toLowerCase() === email) continue;
      const [owner] = await tx.select({ id: users.id }).from(users).where(sameText(users.email, address));
      // Someone else's address now: their mail stays theirs.
      if (!owner) pendingUnclaimed.push(address.toLowerCase());
    }

    await tx.delete(contactMessages).where(or(eq(contactMessages.userId, user.id), sameText(contactMessages.email, email)));
    await tx.delete(grammarFeedback).where(eq(grammarFeedback.userId, user.id));
    // Mail to the learner, and mail about them: the copy of each contact message sent to support names them.
    await tx
      .delete(mailOutbox)
      .where(
        or(
          inArray(sql`lower(${mailOutbox.to})`, [email, ...pendingUnclaimed]),
          mentions(mailOutbox.subject, email),
          mentions(mailOutbox.text, email),
        ),
      );
    // Keys look like `register:email:<address>` or `loginFailures:<address>:<ip>`.
    await tx
      .delete(rateLimits)
      .where(or(mentions(rateLimits.key, email), sql`position(${user.id} in ${rateLimits.key}) > 0`));
    await tx.delete(emailTokens).where(eq(emailTokens.userId, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
    const characterIds = [...new Set(cast.map((row) => row.id))];
    if (characterIds.length) {
      await tx
        .delete(characters)
        .where(
          and(
            inArray(characters.id, characterIds),
            notExists(tx.select({ one: sql`1` }).from(storyCharacters).where(eq(storyCharacters.characterId, characters.id))),
          ),
        );
    }
  });
}
