import { formatDuration, formatLongDate, formatTime } from '@jornada/shared/format';
import type { TimeRecord } from '@jornada/shared/schemas/time-records';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { RecordCorrectionButtons, RecordFlags } from '@/features/corrections/components/record-correction-buttons';
import { RecordFlagBadges } from '@/components/record-flag-badges';

/**
 * The month's records; each can be corrected ('Solicitar corrección') and shows its 'Historial'
 * (registro de jornada). On a desk the list scrolls past 400px (spec section 9); on a phone it
 * flows with the page, since a scroll box inside the scrolling page cut off the items' buttons.
 */
export function MonthRecords({ records, label }: { records: TimeRecord[]; label: string }) {
  if (records.length === 0) return <EmptyState>No hay registros para este mes.</EmptyState>;
  return (
    <div className="rounded-xl border border-border bg-card shadow-sm">
      {/* Focusable so the desk's scroll box scrolls from the keyboard too. */}
      <ul
        tabIndex={0}
        aria-label={`Registros de ${label}`}
        className="divide-y divide-border rounded-xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none lg:max-h-[400px] lg:overflow-y-auto"
      >
        {records.map((record) => (
          <li key={record.id} className="flex flex-col gap-2 px-4 py-3 sm:px-5">
            <div className="flex items-center justify-between gap-4">
              <div className="min-w-0">
                <p className="font-medium break-words">{record.eventName ?? 'Evento Desconocido'}</p>
                <p className="text-sm text-muted-foreground">
                  {formatLongDate(record.startTime)} · {formatTime(record.startTime)}
                  {record.endTime ? ` – ${formatTime(record.endTime)}` : ''}
                </p>
              </div>
              {record.status === 'activo' ? (
                <Badge variant={record.sinCierre ? 'destructive' : 'success'}>{record.sinCierre ? 'Sin cierre' : 'Activo'}</Badge>
              ) : (
                <span className="shrink-0 font-semibold tabular-nums">{formatDuration(record.duration)}</span>
              )}
            </div>
            <div className="-ml-2 flex flex-wrap items-center gap-1">
              {(record.corrected || record.addedByCorrection || record.pendingCorrection || record.flags.length > 0) && (
                <span className="ml-2 flex flex-wrap gap-1">
                  <RecordFlags record={{ ...record, sinCierre: false }} />
                  <RecordFlagBadges flags={record.flags} />
                </span>
              )}
              <RecordCorrectionButtons record={record} byCompany={false} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
