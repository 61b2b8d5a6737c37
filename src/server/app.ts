import { existsSync } from 'node:fs';
import path from 'node:path';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createAccounts } from './accounts/service';
import { accountRoutes } from './accounts/routes';
import { createBackgroundTasks, type BackgroundTasks } from './background';
import { createImageModel } from './art/image-model';
import { artRoutes } from './art/routes';
import { createArtService, type ArtService } from './art/service';
import { createLedger, type Ledger } from './billing/ledger';
import type { BillingProvider } from './billing/provider';
import { billingRoutes } from './billing/routes';
import { createStripeBilling, type StripeBillingOptions } from './billing/stripe';
import { createTestBilling } from './billing/test-billing';
import type { Config } from './config';
import { contactRoutes } from './contact/routes';
import { databaseAnswers, type DatabaseHandle } from './db/client';
import { errorHandler } from './http/errors';
import { securityHeaders } from './http/security-headers';
import { serveWebApp } from './http/web-app';
import { isLoopbackRequest } from './http/loopback';
import { loggerOptions } from './http/logging';
import { languageRoutes } from './language/routes';
import { sharedLanguageServices, type LanguageServices } from './language/services';
import { createVocabularyExplainer } from './language/vocabulary/explain';
import { createLlmClient } from './llm/client';
import type { MailTransport } from './mail/message';
import { createOutboxTransport } from './mail/outbox';
import { devMailboxRoutes } from './mail/routes';
import { createSmtpTransport } from './mail/smtp';
import type { BillingMode } from '../shared/billing';
import { MAX_CLIENT_MESSAGE_BYTES } from '../shared/protocol';
import { createRateLimiter, DEFAULT_RATE_LIMITS, type RateLimitRules } from './rate-limit';
import { createEventBus, type EventBus } from './stories/event-bus';
import { createPostgresEventBus } from './stories/postgres-event-bus';
import { createClusterSceneRunner, createLocalSceneRunner } from './stories/scene-runner';
import { closeSocketsGoingAway } from './stories/socket';
import { storyRoutes } from './stories/routes';
import { saveRoutes } from './stories/saves';
import { wordRoutes } from './words/routes';
import { createLearnerWords } from './review/learner-words';
import { reviewRoutes } from './review/routes';
import { createWordKnowledge } from './words/knowledge';
import { progressRoutes } from './progress/routes';
import { createStories, type Stories } from './stories/service';
import { storySocket } from './stories/socket';
import { createLibraryStoryteller } from './storyteller/library/provider';
import { createOpenAiStoryteller } from './storyteller/openai/provider';
import type { Storyteller } from './storyteller/types';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Built from the config when absent. */
  mail?: MailTransport;
  rateLimits?: RateLimitRules;
  /** Built from the config when absent. */
  art?: ArtService;
  /** The process-wide services when absent. */
  language?: LanguageServices;
  /** Built from the config when absent: the library, or the configured model. */
  storyteller?: Storyteller;
  /** Where story events are published; this process's own bus when absent. */
  bus?: EventBus;
  /** The built web app to serve; API only when absent. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /** Where the Stripe SDK sends its calls; Stripe itself when absent (tests use a local fake). */
  stripeApi?: StripeBillingOptions['api'];
  /** The billing clock; tests move it to a subscription's period end. */
  now?: () => Date;
}

/**
 * The whole server as one Fastify instance. It answers /healthz at once and the API once markReady()
 * is called, after migrations, so a load balancer never routes to a half-started process.
 */
declare module 'fastify' {
  interface FastifyInstance {
    mailTransport: MailTransport;
    /** Backgrounds and sprites, for the story engine. */
    art: ArtService;
    /** Analysis, furigana, levels, grammar and vocabulary; `language.ready` settles once loaded. */
    language: LanguageServices;
    /** Stories, scenes and saves; `stories.idle()` waits for scenes being written. */
    stories: Stories;
    /** Who takes payments: Stripe, the local test provider, or nobody. */
    billingMode: BillingMode;
    /** Work done after a request was answered (mail); `background.idle()` waits for it. */
    background: BackgroundTasks;
    /** Opens the API; called once the database is migrated. */
    markReady(): void;
  }
}

export type App = FastifyInstance;

export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.LOG_LEVEL),
    trustProxy: proxyTrust(config.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    // A client gets this long to send its headers and its whole request (checked every second, not
    // Node's default 30 s), and a connection on which nothing moves is closed: slow or idle clients
    // cannot hold connections open. Upgraded sockets leave these behind and are kept by their ping.
    http: { headersTimeout: config.HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1_000 },
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: config.CONNECTION_IDLE_TIMEOUT_MS,
  });
  app.setErrorHandler(errorHandler);
  await app.register(securityHeaders, { publicUrl: config.publicUrl });

  let ready = false;
  app.get('/healthz', async () => ({ status: 'ok' }));
  const language = options.language ?? sharedLanguageServices();
  app.get('/readyz', async (_request, reply) => {
    if (!ready || !language.isReady()) return reply.code(503).send({ status: 'starting' });
    // Ready means able to serve: a process whose database is gone is taken out of the pool.
    if (!(await databaseAnswers(database))) return reply.code(503).send({ status: 'database unavailable' });
    return { status: 'ready' };
  });
  app.addHook('onRequest', async (request, reply) => {
    const opening = request.url.startsWith('/api/') ? !ready : request.url.startsWith('/ws/') && !(ready && language.isReady());
    if (opening) {
      return reply.code(503).send({ detail: 'The server is starting. Please try again in a moment.' });
    }
  });

  const mail =
    options.mail ??
    (config.SMTP_URL ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM) : createOutboxTransport(database.db, app.log));
  const mailboxOpen = mail.kind === 'outbox' && config.NODE_ENV !== 'production';
  app.addHook('onClose', () => mail.close());

  const background = createBackgroundTasks(app.log);
  app.decorate('background', background);
  app.addHook('onClose', () => background.idle());
  const rateLimiter = createRateLimiter(database.db, options.rateLimits ?? DEFAULT_RATE_LIMITS);
  const now = options.now ?? (() => new Date());
  const ledger = createLedger(database.db, now);
  const accounts = createAccounts({
    db: database.db,
    mail,
    log: app.log,
    publicUrl: config.publicUrl,
    sessionTtlSeconds: config.SESSION_TTL_HOURS * 3600,
    freeStoriesPerMonth: config.FREE_STORIES_PER_MONTH,
    ledger,
    now,
  });

  const art =
    options.art ??
    createArtService({
      db: database.db,
      dataDir: config.DATA_DIR,
      log: app.log,
      imageModel:
        config.IMAGE_BASE_URL && config.IMAGE_MODEL
          ? createImageModel({ baseUrl: config.IMAGE_BASE_URL, apiKey: config.IMAGE_API_KEY, model: config.IMAGE_MODEL })
          : undefined,
    });
  app.decorate('art', art);
  app.decorate('language', language);
  const llm = config.LLM_BASE_URL && config.LLM_MODEL ? createLlmClient({ baseUrl: config.LLM_BASE_URL, apiKey: config.LLM_API_KEY, model: config.LLM_MODEL, idleTimeoutMs: config.LLM_IDLE_TIMEOUT_MS, deadlineMs: config.LLM_DEADLINE_MS }) : undefined;
  const vocabulary = createVocabularyExplainer({ db: database.db, language, llm, log: app.log });

  const storyteller =
    options.storyteller ?? (llm ? createOpenAiStoryteller(llm) : createLibraryStoryteller({ lineDelayMs: config.LIBRARY_LINE_DELAY_MS }));
  // On PostgreSQL several processes may serve one story: events travel through the database and scenes are
  // jobs any process may take. PGlite is one process, so both stay in it.
  const cluster = database.kind === 'postgres' && database.url ? database.url : undefined;
  const bus = options.bus ?? (cluster ? await createPostgresEventBus({ url: cluster, db: database.db, log: app.log }) : createEventBus());
  const learner = createLearnerWords(database.db, createWordKnowledge(database.db), language);
  const generation = { db: database.db, art, language, storyteller, bus, learner, log: app.log };
  const runnerOptions = { leaseMs: config.SCENE_LEASE_MS };
  const runner = cluster ? await createClusterSceneRunner(generation, { ...runnerOptions, url: cluster }) : createLocalSceneRunner(generation, runnerOptions);
  const stories = createStories({ ...generation, runner, freeStoriesPerMonth: config.FREE_STORIES_PER_MONTH, ledger });
  app.decorate('stories', stories);
  // Shutdown first stops taking scenes and hands the ones being written to another process (or, alone, ends
  // them: a new story is refunded) while the database is still open; then the sockets close with 1001 so
  // readers reconnect elsewhere. main.ts closes the database only after the app has.
  app.addHook('preClose', () => stories.stop());
  app.addHook('onClose', () => stories.idle());
  app.addHook('onClose', () => bus.close());

  await app.register(accountRoutes, { accounts, rateLimiter, background });
  await app.register(storyRoutes, { accounts, stories });
  await app.register(saveRoutes, { db: database.db, accounts, stories });
  // Frames above the protocol's limit still arrive (and are refused politely) up to this size.
  await app.register(websocket, { options: { maxPayload: 4 * MAX_CLIENT_MESSAGE_BYTES }, preClose: closeSocketsGoingAway });
  await app.register(storySocket, { accounts, stories, bus, pingIntervalMs: config.SOCKET_PING_INTERVAL_MS, maxSocketsPerLearner: config.MAX_SOCKETS_PER_LEARNER });
  await app.register(artRoutes, { art });
  await app.register(languageRoutes, { db: database.db, accounts, rateLimiter, language, vocabulary });
  await app.register(wordRoutes, { db: database.db, accounts, language });
  await app.register(reviewRoutes, { db: database.db, accounts, learner });
  await app.register(progressRoutes, { db: database.db, accounts });
  const billing = billingFromConfig(config, database, ledger, now, app.log, options.stripeApi);
  app.decorate('billingMode', billing?.mode ?? 'off');
  await app.register(billingRoutes, {
    accounts,
    ledger,
    provider: billing,
    publicUrl: config.publicUrl,
    freeStoriesPerMonth: config.FREE_STORIES_PER_MONTH,
    proPriceCents: config.PRO_PRICE_CENTS,
    now,
  });
  await app.register(contactRoutes, {
    db: database.db,
    mail,
    accounts,
    rateLimiter,
    supportEmail: config.SUPPORT_EMAIL,
  });
  if (mailboxOpen) await app.register(devMailboxRoutes, { db: database.db, admit: isLoopbackRequest });

  if (options.webRoot && existsSync(path.join(options.webRoot, 'index.html'))) {
    await serveWebApp(app, options.webRoot, { mailboxOpen, publicUrl: config.publicUrl });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not found' }));
  }

  app.decorate('mailTransport', mail);
  app.decorate('markReady', () => {
    ready = true;
  });
  return app;
}

/** A hop count trusts that many proxies nearest the server (what Fastify does with a number, typed). */
function proxyTrust(setting: Config['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Stripe when configured; else local test billing, except in production, where no payments are taken. */
function billingFromConfig(
  config: Config,
  database: DatabaseHandle,
  ledger: Ledger,
  now: () => Date,
  log: FastifyBaseLogger,
  api: StripeBillingOptions['api'],
): BillingProvider | null {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET && config.STRIPE_PRICE_ID) {
    const keys = { secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, priceId: config.STRIPE_PRICE_ID };
    return createStripeBilling({ ...keys, ledger, log, api });
  }
  // Test billing hands out Pro for a click: never where real learners are.
  if (config.NODE_ENV === 'production') return null;
  return createTestBilling({ db: database.db, ledger, publicUrl: config.publicUrl, proPlan: { name: 'Pro', priceCents: config.PRO_PRICE_CENTS }, now });
}

