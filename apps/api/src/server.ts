import type { Server } from 'node:http';
import pino from 'pino';
import { buildApp } from './app';
import { databaseOptionsOf, loadConfig } from './config';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openDatabase, sqlitePathFromUrl } from './db/database';
import { startExportWorker } from './features/export/export-jobs';
import { prepareDatabase } from './db/prepare';
import { ensureAdmin } from './db/seed';
import { printDemoCredentials, seedDemo } from './demo/demo';
import { systemClock } from './lib/clock';
import { chainKeySettingsFromEnv, loadChainKeyring, useChainKeyring } from './ledgers/registro-chain/chain-key';
import { ChainKeyMismatchError } from './ledgers/registro-chain/registro-chain';
import { purgeExpiredRegistro, purgeStaleAuthRows, RETENTION_INTERVAL_MS } from './maintenance';
import { jobHandlers } from './jobs/job-handlers';
import { pruneFinishedJobs } from './jobs/job-queue';
import { DEFAULT_POLL_MS, JobRunner } from './jobs/job-runner';
import { createPushChannel } from './features/push/push-channel';
import { vapidKeys, vapidSubjectFor } from './features/push/vapid-keys';
import { seedRegistroReady } from './features/reminders/registro-ready';
import { seedAutoClockOutSweep } from './features/auto-clock-out/auto-clock-out.service';
import { seedExpirySweep } from './features/qualifications/qualification-reminders';
import { createMailer } from './features/mail/mailer';
import { startMetricsListener } from './features/metrics/metrics-listener';
import { seedDailyBackup, type DailyBackupSettings } from './features/backup/daily-backup';

const MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * On a SQLite file, monthly exports are built by the bundle's export worker (beside this file once
 * built; running from the sources there is none, and exports are built in-thread).
 */
function exportWorkerFor(dialect: 'sqlite' | 'postgres', databaseUrl: string | undefined) {
  if (dialect !== 'sqlite') return undefined;
  const path = sqlitePathFromUrl(databaseUrl);
  const script = fileURLToPath(new URL('./export-worker.js', import.meta.url));
  return path !== ':memory:' && existsSync(script) ? startExportWorker(script, path) : undefined;
}

async function main(): Promise<void> {
  const config = loadConfig();
  // The registro chain's key, before the database: prepareDatabase refuses a key the chain does not name.
  const chainKeyring = loadChainKeyring(chainKeySettingsFromEnv());
  useChainKeyring(chainKeyring);
  const database = openDatabase(config.databaseUrl, { ...databaseOptionsOf(config), backgroundCheckpoint: true });
  try {
    await prepareDatabase(database.db, systemClock());
  } catch (error) {
    // A key generated just now for a chain keyed with another one (a lost or unshared key file):
    // removed again, so that restoring the right one is all it takes.
    if (error instanceof ChainKeyMismatchError && chainKeyring.generated) rmSync(chainKeyring.source, { force: true });
    throw error;
  }
  if (chainKeyring.generated) {
    console.log(`\n  Clave de la cadena del registro creada en ${chainKeyring.source} (huella ${chainKeyring.current.fingerprint}).\n  Haz copia de seguridad de ella junto con la base de datos: sin ella la cadena no se puede verificar.\n`);
  }
  // Web Push's VAPID pair (decision 037): the configured one, else made now if this is the first start.
  await vapidKeys(database.db, config.vapidKeys, systemClock());
  const admin = await ensureAdmin(database.db, config.adminUsername, config.adminPassword, systemClock());
  // Production logs one JSON line per request and answer: written asynchronously (lines that pile up
  // under load go out together) instead of one blocking write per line; pino flushes on exit
  // (docs/decisions/020).
  // (pino's destination is the stream pino itself writes to; buildApp types it as a Node stream.)
  const logStream = config.isProduction ? (pino.destination({ dest: 1, sync: false }) as unknown as NodeJS.WritableStream) : undefined;
  const app = await buildApp({ config, database, logStream, exportWorker: exportWorkerFor(database.dialect, config.databaseUrl) });
  app.addHook('onClose', async () => database.destroy());

  if (admin?.generatedPassword) {
    // Printed once, on purpose outside the structured log so it is not shipped to log storage.
    console.log(`\n  Administrador creado. Usuario: ${admin.username}  Contraseña: ${admin.generatedPassword}\n  Guárdala ahora: no se volverá a mostrar.\n`);
  } else if (admin) {
    console.log(`\n  Administrador creado. Usuario: ${admin.username}  Contraseña: la de ADMIN_PASSWORD.\n`);
  }
  if (process.env.DEMO_DATA === '1') {
    const demo = await seedDemo(database.db, systemClock());
    if (demo) printDemoCredentials(demo, config.publicUrl);
  }

  // Background jobs (docs/decisions/033): each server runs one runner; on PostgreSQL they share the table.
  // The daily backup (docs/decisions/049): SQLite only; on PostgreSQL it is pg_dump's job.
  let backup: DailyBackupSettings | undefined;
  if (config.backupDir && database.dialect === 'sqlite' && sqlitePathFromUrl(config.databaseUrl) !== ':memory:') {
    backup = { databasePath: sqlitePathFromUrl(config.databaseUrl), backupDir: config.backupDir, keep: config.backupKeep, keySettings: chainKeySettingsFromEnv(), log: (line) => app.log.info(line) };
  } else if (config.backupDir) {
    app.log.warn('BACKUP_DIR no se usa con PostgreSQL: las copias de seguridad son cosa de pg_dump (ver el README).');
  }
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  if (!config.smtpUrl) app.log.info('SMTP_URL no configurado: los correos se quedan en la bandeja de salida (Correos enviados).');
  const jobs = new JobRunner({
    db: database.db,
    dialect: database.dialect,
    clock: systemClock,
    handlers: jobHandlers({
      timeZone: config.timeZone,
      mailer,
      publicUrl: config.publicUrl,
      channels: [createPushChannel({ vapid: config.vapidKeys, subject: vapidSubjectFor(config.publicUrl), pushServiceHosts: config.pushServiceHosts })],
      // Development shows each mail with nowhere to go; production keeps them in 'Correos enviados' only.
      log: config.isProduction ? undefined : (line) => app.log.info(line),
      webhookAllowPrivate: config.webhookAllowPrivate,
      backup,
    }),
    pollMs: Number(process.env.JOBS_POLL_MS) || DEFAULT_POLL_MS,
    // A dead server's claims are taken over after this (5 min by default); the crash tests shorten it.
    ...(Number(process.env.JOBS_LOCK_MS) > 0 ? { lockMs: Number(process.env.JOBS_LOCK_MS) } : {}),
    onError: (error, job) => app.log.error({ err: error, job }, 'job failed'),
  });

  const timer = setInterval(() => {
    purgeStaleAuthRows(database.db, systemClock).catch((error: unknown) => app.log.error({ err: error }, 'maintenance failed'));
    pruneFinishedJobs(database.db, systemClock()).catch((error: unknown) => app.log.error({ err: error }, 'job pruning failed'));
  }, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  // The registro's 4-year retention (decision 014): at start, then daily. Failing never stops the server.
  const purgeRegistro = () =>
    purgeExpiredRegistro(database.db, systemClock, config.timeZone)
      .then((line) => line && app.log.info(line))
      .catch((error: unknown) => app.log.error({ err: error }, 'registro retention purge failed'));
  void purgeRegistro();
  const retentionTimer = setInterval(() => void purgeRegistro(), RETENTION_INTERVAL_MS);
  retentionTimer.unref();

  let metricsListener: Server | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} recibido: cerrando`);
    clearInterval(timer);
    clearInterval(retentionTimer);
    try {
      // The jobs in hand finish before the database closes; the rest wait in their table.
      await jobs.stop();
      mailer.close();
      metricsListener?.close();
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (app.metrics && config.metricsPort !== undefined) {
    metricsListener = await startMetricsListener(app.metrics.registry, config.metricsHost, config.metricsPort);
    app.log.info(`Métricas en http://${config.metricsHost}:${config.metricsPort}/metrics`);
  }
  // The monthly 'registro ready to sign' job reschedules itself; seeding it is a no-op when it exists.
  await seedRegistroReady(database.db, systemClock(), config.timeZone).catch((error: unknown) => app.log.error({ err: error }, 'registro reminder seeding failed'));
  // 'Cierre automático' sweeps itself every minute while some company has it on; seeding is idempotent.
  await seedAutoClockOutSweep(database.db, systemClock()).catch((error: unknown) => app.log.error({ err: error }, 'auto clock-out seeding failed'));
  // Qualification expiry reminders sweep hourly while some qualification still expires ahead.
  await seedExpirySweep(database.db, systemClock(), config.timeZone).catch((error: unknown) => app.log.error({ err: error }, 'qualification reminders seeding failed'));
  if (backup) {
    await seedDailyBackup(database.db, systemClock(), config.timeZone).catch((error: unknown) => app.log.error({ err: error }, 'daily backup seeding failed'));
    app.log.info(`Copia de seguridad diaria a las 03:00 en ${backup.backupDir} (se conservan ${backup.keep}).`);
  }
  jobs.start();
  console.log(`  Jornada está en marcha: ${config.publicUrl}\n`);
}

main().catch((error: unknown) => {
  console.error('Jornada no ha podido arrancar:', error instanceof Error ? error.message : error);
  if (error instanceof Error && error.cause) console.error(error.cause);
  process.exit(1);
});
