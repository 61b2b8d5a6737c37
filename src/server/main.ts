import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = config.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: path.resolve(config.DATA_DIR, 'db') });
  const app = await buildApp({ config, database, webRoot: path.join(repoRoot, 'dist') });

  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      // Whatever hangs (a peer, a stalled stream), the process is gone within the bound.
      setTimeout(() => {
        app.log.error({ ms: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown took too long; exiting');
        process.exit(1);
      }, config.SHUTDOWN_TIMEOUT_MS).unref();
      // The app closes first (its scenes record how they ended), the database last.
      app
        .close()
        .then(() => database.close())
        .then(
          () => process.exit(0),
          (err: unknown) => {
            app.log.error({ err }, 'shutdown failed');
            process.exit(1);
          },
        );
    });
  }

  await app.listen({ port: config.PORT, host: config.HOST });
  // Ready only when both the schema and the dictionaries are: /readyz says 503 until then.
  await Promise.all([database.migrate(), app.language.ready]);
  app.markReady();
  const warming = performance.now();
  void app.language.warm().then(
    () => app.log.info({ ms: Math.round(performance.now() - warming) }, 'dictionary loaded'),
    (err: unknown) => app.log.error({ err }, 'dictionary failed to load; it loads on first use instead'),
  );
  app.log.info(
    {
      url: config.publicUrl,
      database: database.kind,
      mail: app.mailTransport.kind,
      billing: app.billingMode,
    },
    'ready',
  );
  if (app.mailTransport.kind === 'outbox') {
    app.log.warn(
      config.NODE_ENV === 'production'
        ? 'SMTP_URL is not set: mail is only stored in the database outbox (table mail_outbox); nothing is delivered.'
        : `SMTP_URL is not set: mail goes to the local outbox, readable from this machine at ${config.publicUrl}/dev/mailbox`,
    );
  }
  if (app.billingMode === 'test') app.log.warn('Stripe is not configured: upgrades use local test billing (TEST MODE, no money moves).');
  if (app.billingMode === 'off') app.log.warn('Stripe is not configured: no payments are taken and upgrades are unavailable.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
