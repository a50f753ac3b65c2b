import { buildApp } from './app/build-app.js';
import { HousekeepingSweeper } from './app/housekeeping.js';
import { prepareDatabase, SchemaBehindError } from './app/prepare-database.js';
import { ConfigError, parseConfig } from './config/index.js';
import { createDatabase } from './db/database.js';
import { OutboxSignal } from './delivery/signal.js';
import { createOutboxWorker } from './delivery/start.js';
import { createLogger } from './logger.js';

/** Process entry: configuration, migrations, demo data, listen, and a graceful stop. */
async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createLogger(config);
  const db = createDatabase(config.database, {
    backgroundCheckpoint: { onError: (message) => logger.error({ message }, 'background WAL checkpoint failed') },
  });
  try {
    await prepareDatabase(config, db, logger);
  } catch (error) {
    if (error instanceof SchemaBehindError) {
      process.stderr.write(`${error.message}\n`);
      await db.destroy();
      process.exit(1);
    }
    throw error;
  }

  const outbox = new OutboxSignal();
  const { app, deps } = await buildApp(config, { db, logger, outbox, processMetrics: true });
  // Sends what the outbox holds (also what an earlier run left), and whatever services queue.
  const worker = createOutboxWorker(config, { db, crypto: deps.crypto, logger, signal: outbox, now: deps.now });
  worker.start();
  // Deletes error reports past ERROR_REPORT_RETENTION_DAYS, now and every hour.
  const sweeper = new HousekeepingSweeper(config, { db, logger: logger.child({ component: 'housekeeping' }), now: deps.now });
  sweeper.start();
  await app.listen({ port: config.port, host: config.host });
  logger.info(
    { publicUrl: config.publicUrl, demoMode: config.demoMode, captcha: config.captcha.provider, mail: config.mail.adapter },
    'Tessera is listening',
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Let the e-mail or SMS being sent finish and give up webhook sends in flight (what is still
    // queued waits in the outbox for the next start), stop accepting connections, let running
    // requests finish, then close the database.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    Promise.all([worker.stop(), sweeper.stop()])
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Tessera failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
