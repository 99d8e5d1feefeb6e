import { fileURLToPath } from 'node:url';
import { appContext, buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { signingHeads } from './features/audit/head-signing';
import { sendingOn } from './features/notifications/sending';
import { startScheduler, unhandledRejections } from './jobs/scheduler';
import { systemClock } from './lib/clock';
import { prepareDatabase } from './start-up/prepare';

// Compiled, this file is dist/server/main.js; run from source, src/server/main.ts. Either way the web app is dist/web.
const webRoot = fileURLToPath(
  new URL(import.meta.url.endsWith('.js') ? '../web' : '../../dist/web', import.meta.url),
);

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const { seeded, admin } = await prepareDatabase(database, config, systemClock);
  // One context for the routes and the scheduler, so a job's writes clear the same public cache.
  const context = appContext({ config, database, clock: systemClock });
  const app = await buildApp({ config, database, webRoot, ctx: context });
  process.on('unhandledRejection', unhandledRejections(app.log));
  const scheduler = config.scheduler ? await startScheduler(context, app.log) : undefined;
  const sending = await sendingOn(context, app.log);
  const heads = await signingHeads(context, app.log);
  context.log.reportTo(app.log);
  // Leaves a site stopped before covering are covered now, and a new site's empty log is signed.
  await context.log.checkpoint();

  if (seeded.prizes || seeded.tasks)
    app.log.info(seeded, 'seeded sample prizes and tasks into the empty database');
  if (admin) app.log.info({ email: config.admin?.email, created: admin.created }, 'admin account ready');
  if (!config.databaseUrl) app.log.info({ dataDir: config.dataDir }, 'using the embedded database');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, let the ones in flight finish, then close the database.
    await app.close();
    await sending.stop();
    await heads.stop();
    await context.log.flush();
    await scheduler?.stop();
    await context.live.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Could not start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
