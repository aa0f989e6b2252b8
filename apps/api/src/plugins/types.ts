import type { Kysely } from 'kysely';
import type { GrantableView } from '@jornada/shared/permissions';
import type { Config } from '../config';
import type { Metrics } from '../features/metrics/metrics-registry';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import type { AuthCache } from '../features/auth/auth-cache';
import type { IdentityCache } from '../features/auth/identity-cache';
import type { ExportWorker } from '../features/export/export-jobs';
import type { AccessLog } from '../lib/access-log';
import type { Actor } from '../lib/authorization';
import type { Clock } from '../lib/clock';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DB>;
    dialect: DialectName;
    config: Config;
    clock: Clock;
    registeredRoutes: { method: string; url: string }[];
    /** Sessions, profiles and granted views in memory (SQLite only; features/auth/auth-cache.ts). */
    authCache: AuthCache | null;
    /** Profiles and granted views checked against the identity version (PostgreSQL only; decision 056). */
    identityCache: IdentityCache | null;
    /** SQLite file deployments: the worker that builds monthly exports (features/export/export-jobs.ts). */
    exportWorker: ExportWorker | null;
    /** The buffered access log when the app writes to a log destination (plugins/request-log.ts). */
    accessLog: AccessLog | null;
    permissions: { isViewGranted: (actor: Actor, view: GrantableView) => Promise<boolean> };
    /** Prometheus metrics when METRICS_TOKEN or METRICS_PORT is set, else null (docs/decisions/048). */
    metrics: Metrics | null;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}
