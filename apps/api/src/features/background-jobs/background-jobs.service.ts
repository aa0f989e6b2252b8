import type { AdminJob, JobPage } from '@jornada/shared/schemas/mail';
import type { JobsTable } from '../../db/schema';
import { decodeCursor, pageOf } from '../../lib/cursor';
import type { ServiceDeps } from '../../lib/deps';
import { conflict, notFound } from '../../lib/errors';

const toJob = (row: JobsTable): AdminJob => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
  lastError: row.last_error,
  createdAt: row.created_at,
  finishedAt: row.finished_at,
});

/**
 * 'Tareas fallidas': dead jobs, newest failure first. The payload is not shown: it holds ids only,
 * and the last error says what went wrong.
 */
export async function listDeadJobs(deps: ServiceDeps, query: { cursor?: string; limit: number }): Promise<JobPage> {
  const after = query.cursor ? (decodeCursor(query.cursor, 2) as [string, string]) : undefined;
  const rows = await deps.db
    .selectFrom('jobs')
    .selectAll()
    .where('status', '=', 'dead')
    .$if(after !== undefined, (q) => {
      const [finishedAt, id] = after!;
      return q.where((eb) => eb.or([eb('finished_at', '<', finishedAt), eb.and([eb('finished_at', '=', finishedAt), eb('id', '<', id)])]));
    })
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = pageOf(rows, query.limit, (row) => [row.finished_at ?? '', row.id]);
  return { items: page.items.map(toJob), nextCursor: page.nextCursor };
}

/**
 * 'Reintentar': a dead job gets its full number of tries again, due now. Its handler is idempotent
 * (a mail already sent, a delivery already recorded is skipped), so a retry never repeats an effect.
 */
export async function retryDeadJob(deps: ServiceDeps, id: string): Promise<AdminJob> {
  const now = deps.clock().toISOString();
  const updated = await deps.db
    .updateTable('jobs')
    .set({ status: 'pending', attempts: 0, run_at: now, locked_until: null, finished_at: null })
    .where('id', '=', id)
    .where('status', '=', 'dead')
    .returningAll()
    .executeTakeFirst();
  if (updated) return toJob(updated);
  const exists = await deps.db.selectFrom('jobs').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw notFound('No se ha encontrado la tarea.');
  throw conflict('La tarea no ha fallado: no hay nada que reintentar.');
}
