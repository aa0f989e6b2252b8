import { formatDateTime, formatLongDate } from '@jornada/shared/format';
import { jobKindLabels, type AdminJob } from '@jornada/shared/schemas/mail';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorDescription } from '@/lib/error-message';
import { useRetryJob } from '../api/dead-jobs';

/** Dead jobs: what, how many tries, the last error, when it gave up, and 'Reintentar'. */
export function DeadJobList({ jobs }: { jobs: AdminJob[] }) {
  const retry = useRetryJob();
  return (
    <ol aria-label="Tareas fallidas" className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card shadow-sm">
      {jobs.map((job) => {
        const when = job.finishedAt ?? job.createdAt;
        return (
          <li key={job.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:gap-4">
            <div className="flex shrink-0 flex-col gap-0.5 sm:w-56">
              <time dateTime={when} title={formatLongDate(when)} className="text-sm font-medium text-muted-foreground tabular-nums">
                {formatDateTime(when)}
              </time>
              <span className="text-sm font-medium">{jobKindLabels[job.kind] ?? job.kind}</span>
              <span className="text-xs text-muted-foreground">
                {job.attempts} de {job.maxAttempts} intentos
              </span>
            </div>
            <p className="min-w-0 flex-1 text-sm break-words">{job.lastError ?? 'Sin mensaje de error.'}</p>
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              disabled={retry.isPending}
              aria-label={`Reintentar: ${jobKindLabels[job.kind] ?? job.kind}, ${formatDateTime(when)}`}
              onClick={() =>
                retry.mutate(job.id, {
                  onSuccess: () => toast({ title: 'Tarea reintentada', description: 'Se volverá a ejecutar en unos segundos.' }),
                  onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorDescription(error, 'No se pudo reintentar la tarea.') }),
                })
              }
            >
              Reintentar
            </Button>
          </li>
        );
      })}
    </ol>
  );
}
