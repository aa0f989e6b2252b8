import '@jornada/shared/zod-locale';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import type { ExportWorker } from './features/export/export-jobs';
import { systemClock, type Clock } from './lib/clock';
import { lazyChildLogger } from './lib/lazy-child-logger';
import { countRequestArrivals } from './lib/request-arrivals';
import { serializeRequestForLog } from './lib/secret-urls';
import { registerAuthorizeFirst } from './plugins/authorize-first';
import { registerRequestLog } from './plugins/request-log';
import { registerMetrics } from './plugins/metrics';
import './plugins/types';
import { registerAuth } from './plugins/auth';
import { registerCsrfGuard } from './plugins/csrf';
import { handleFrameworkError, registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import { registerTextGuard } from './plugins/text-guard';
import { registerViewerCache } from './plugins/viewer-cache';
import { apiRoutes } from './routes';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Where the built web app lives; defaults to apps/web/dist beside this package. */
  webDistDir?: string;
  /** Where JSON log lines go instead of stdout (tests that read the log). */
  logStream?: NodeJS.WritableStream;
  /** SQLite: builds monthly exports off the serving thread (the server bundle's export worker). */
  exportWorker?: ExportWorker;
}

const defaultWebDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Zod's compilers for every route (Fastify types these factories for Ajv's schemas, hence the cast). */
const zodCompilers = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as NonNullable<
  FastifyServerOptions['schemaController']
>['compilersFactory'];

/** Builds the Fastify app: external plugins first, then ours, then the routes (fastify/demo order). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : {
      level: config.logLevel,
      ...(options.logStream
        ? { stream: options.logStream }
        : config.isProduction
          ? {}
          : { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }),
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      // Access-link tokens live in the URL path: the request line is logged with them masked (decision 014).
      serializers: { req: serializeRequestForLog },
    },
    // One line per answered request (plugins/request-log.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // A request's logger is made when something logs through it (lib/lazy-child-logger.ts).
    childLoggerFactory: lazyChildLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    frameworkErrors: handleFrameworkError,
    // Every schema is zod's: given as the compilers' factories, Fastify does not load its own
    // (Ajv and fast-json-stringify), which were a quarter of the server's start (issue 29).
    schemaController: { compilersFactory: zodCompilers },
  });
  countRequestArrivals(app.server);
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('exportWorker', options.exportWorker ?? null);
  if (options.exportWorker) app.addHook('onClose', () => options.exportWorker!.close());

  // The route registry, for tests that must cover every operation (OpenAPI, isolation matrix).
  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });

  registerRequestLog(app, config.logLevel, options.logStream);
  registerMetrics(app, database, app.clock);
  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await registerOpenApi(app);
  registerCsrfGuard(app);
  registerTextGuard(app);
  await registerAuth(app, database.changes);
  registerViewerCache(app, database.changes);
  registerAuthorizeFirst(app);
  await app.register(apiRoutes, { prefix: '/api' });
  await registerSpa(app, options.webDistDir ?? config.webDistDir ?? defaultWebDist);
  return app;
}
