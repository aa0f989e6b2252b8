import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';

/**
 * What the servers tell Prometheus (docs/decisions/048). One registry per app (tests build several
 * apps in one process). Request figures are this server's; the database and job-queue figures are
 * read from the shared database at each scrape, so every server reports the same values for them.
 */
export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  clockIns: Counter<'kind'>;
}

/** Seconds; the 20 ms and 50 ms of the bench's budgets fall on a boundary. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

async function timed<T>(query: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const start = process.hrtime.bigint();
  const value = await query();
  return { value, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
}

async function databaseSize(db: Kysely<DB>, dialect: Database['dialect']): Promise<number> {
  const query =
    dialect === 'postgres'
      ? sql<{ size: string | number }>`select pg_database_size(current_database()) as size`
      : sql<{ size: string | number }>`select page_count * page_size as size from pragma_page_count(), pragma_page_size()`;
  const { rows } = await query.execute(db);
  return Number(rows[0]?.size ?? 0);
}

/** One read shared by the callers that ask while it runs; the next ask after it ends reads again. */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= read().finally(() => {
      running = null;
    });
    return running;
  };
}

interface JobFigures {
  byStatus: Record<'pending' | 'running' | 'dead', number>;
  due: number;
  oldestDueSeconds: number;
  retrying: number;
}

async function readJobFigures(db: Kysely<DB>, now: Date): Promise<JobFigures> {
  const at = now.toISOString();
  const counts = await db
    .selectFrom('jobs')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('status', 'in', ['pending', 'running', 'dead'])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(counts.find((row) => row.status === status)?.n ?? 0);
  const due = await db
    .selectFrom('jobs')
    .select([(eb) => eb.fn.countAll<string | number>().as('n'), (eb) => eb.fn.min('run_at').as('oldest')])
    .where('status', '=', 'pending')
    .where('run_at', '<=', at)
    .executeTakeFirst();
  const retrying = await db.selectFrom('jobs').select((eb) => eb.fn.countAll<string | number>().as('n')).where('status', '=', 'pending').where('attempts', '>', 0).executeTakeFirst();
  return {
    byStatus: { pending: count('pending'), running: count('running'), dead: count('dead') },
    due: Number(due?.n ?? 0),
    oldestDueSeconds: due?.oldest ? Math.max(0, (now.getTime() - Date.parse(String(due.oldest))) / 1000) : 0,
    retrying: Number(retrying?.n ?? 0),
  };
}

export function createMetrics(database: Database, clock: Clock): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'jornada_' });
  const { db } = database;

  const httpDuration = new Histogram({
    name: 'jornada_http_request_duration_seconds',
    help: 'Tiempo de respuesta por ruta (patrón de la ruta, nunca la dirección con sus ids), método y estado; su _count da las peticiones.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const clockIns = new Counter({
    name: 'jornada_clock_ins_total',
    help: 'Fichajes aceptados por este servidor: entrada, salida y sin_conexion (enviados después). rate(...[1m]) * 60 da los fichajes por minuto.',
    labelNames: ['kind'] as const,
    registers: [registry],
  });

  // A scrape collects every metric at once (prom-client reads them concurrently): gauges that come
  // from one read share it, and the read is made again at the next scrape.
  const ping = sharedRead(async () => {
    try {
      return (await timed(() => sql`select 1`.execute(db))).seconds;
    } catch {
      return null;
    }
  });
  new Gauge({
    name: 'jornada_database_up',
    help: '1 si la base de datos responde a una consulta en este momento, 0 si no.',
    registers: [registry],
    async collect() {
      this.set((await ping()) === null ? 0 : 1);
    },
  });
  new Gauge({
    name: 'jornada_database_ping_seconds',
    help: 'Duración de una consulta mínima a la base de datos (select 1).',
    registers: [registry],
    async collect() {
      const seconds = await ping();
      if (seconds !== null) this.set(seconds);
    },
  });
  new Gauge({
    name: 'jornada_database_size_bytes',
    help: 'Tamaño de la base de datos (el fichero SQLite, o pg_database_size en PostgreSQL).',
    labelNames: ['dialect'] as const,
    registers: [registry],
    async collect() {
      try {
        this.set({ dialect: database.dialect }, await databaseSize(db, database.dialect));
      } catch {
        // Reported by jornada_database_up.
      }
    },
  });
  if (database.poolStats) {
    const poolStats = database.poolStats;
    new Gauge({
      name: 'jornada_database_pool_connections',
      help: 'Conexiones del pool de PostgreSQL de este servidor: total, libres y peticiones esperando una.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  const jobs = sharedRead(async () => {
    try {
      return await readJobFigures(db, clock());
    } catch {
      return null; // Reported by jornada_database_up.
    }
  });
  new Gauge({
    name: 'jornada_jobs',
    help: "Tareas en segundo plano por estado: pending, running y dead (agotaron sus intentos: 'Tareas fallidas').",
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const figures = await jobs();
      if (figures) for (const status of ['pending', 'running', 'dead'] as const) this.set({ status }, figures.byStatus[status]);
    },
  });
  const jobGauge = (name: string, help: string, pick: (figures: JobFigures) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const figures = await jobs();
        if (figures) this.set(pick(figures));
      },
    });
  jobGauge('jornada_jobs_due', 'Tareas en segundo plano pendientes cuya hora ya ha llegado (la cola por hacer).', (figures) => figures.due);
  jobGauge('jornada_jobs_oldest_due_seconds', 'Cuánto lleva esperando la tarea pendiente más antigua que ya debía ejecutarse (0 si ninguna).', (figures) => figures.oldestDueSeconds);
  jobGauge('jornada_jobs_retrying', 'Tareas pendientes que ya han fallado al menos una vez y esperan otro intento.', (figures) => figures.retrying);

  return { registry, httpDuration, clockIns };
}
