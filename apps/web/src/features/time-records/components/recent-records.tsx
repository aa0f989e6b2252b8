import { formatDateTime, formatDuration } from '@jornada/shared/format';
import type { TimeRecord } from '@jornada/shared/schemas/time-records';
import { Badge } from '@/components/ui/badge';
import { RecordFlagBadges } from '@/components/record-flag-badges';

/** The user's latest records under the timer: event, start and duration. */
export function RecentRecords({ records }: { records: TimeRecord[] }) {
  return (
    <section aria-labelledby="recent-records-title" className="rounded-xl border border-border bg-card p-5 shadow-sm sm:p-6">
      <h2 id="recent-records-title" className="text-lg font-semibold">
        Últimos fichajes
      </h2>
      {records.length === 0 ? (
        <p className="mt-2 text-muted-foreground">Todavía no tienes fichajes.</p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-border">
          {records.map((record) => (
            <li key={record.id} className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
              <div className="min-w-0">
                <p className="font-medium break-words">{record.eventName ?? 'Evento Desconocido'}</p>
                <p className="text-sm text-muted-foreground">{formatDateTime(record.startTime)}</p>
                {record.flags.length > 0 && (
                  <p className="mt-1 flex flex-wrap gap-1">
                    <RecordFlagBadges flags={record.flags} />
                  </p>
                )}
              </div>
              {record.status === 'activo' ? (
                <Badge variant="success">Activo</Badge>
              ) : (
                <span className="shrink-0 font-semibold tabular-nums">{formatDuration(record.duration)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
