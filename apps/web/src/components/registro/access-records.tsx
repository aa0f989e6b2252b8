import { formatDuration, formatTime } from '@jornada/shared/format';
import type { AccessRecord } from '@jornada/shared/schemas/access-links';
import { TIME_RECORD_FLAG_LABELS } from '@jornada/shared/schemas/time-records';
import { Badge } from '@/components/ui/badge';
import { DESKTOP_MEDIA_QUERY, useMediaQuery } from '@/lib/use-media-query';

/** '31/10/2026' from 'yyyy-MM-dd'. */
const formatDayKey = (day: string) => day.split('-').reverse().join('/');

interface AccessRecordsProps {
  records: AccessRecord[];
  timeZone: string;
}

const end = (record: AccessRecord, timeZone: string) => (record.endTime ? formatTime(record.endTime, timeZone) : 'Sin cierre');
const worked = (record: AccessRecord) => (record.durationMinutes === null ? '—' : formatDuration(record.durationMinutes));
const CorrectedBadge = () => <Badge variant="warning">Corregido</Badge>;
/** How the record was made when not the ordinary way (decision 040). */
const FlagBadges = ({ record }: { record: AccessRecord }) =>
  record.flags.map((flag) => (
    <Badge key={flag} variant="outline">
      {TIME_RECORD_FLAG_LABELS[flag]}
    </Badge>
  ));

/** The link's (or the archive's) records: a table on desktop, one card per record on phones. */
export function AccessRecords({ records, timeZone }: AccessRecordsProps) {
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  if (desktop) {
    return (
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Fichajes del periodo</caption>
        <thead className="border-b border-border text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">Día</th>
            <th scope="col" className="py-2 pr-3 font-medium">Trabajador</th>
            <th scope="col" className="py-2 pr-3 font-medium">Usuario</th>
            <th scope="col" className="py-2 pr-3 font-medium">Entrada</th>
            <th scope="col" className="py-2 pr-3 font-medium">Salida</th>
            <th scope="col" className="py-2 pr-3 font-medium">Tiempo trabajado</th>
            <th scope="col" className="py-2 font-medium"><span className="sr-only">Corrección y marcas</span></th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id} className="border-b border-border">
              <td className="py-2 pr-3 tabular-nums">{formatDayKey(record.day)}</td>
              <td className="py-2 pr-3">{record.workerName}</td>
              <td className="py-2 pr-3 text-muted-foreground">{record.workerUsername ?? '—'}</td>
              <td className="py-2 pr-3 tabular-nums">{formatTime(record.startTime, timeZone)}</td>
              <td className="py-2 pr-3 tabular-nums">{end(record, timeZone)}</td>
              <td className="py-2 pr-3 tabular-nums">{worked(record)}</td>
              <td className="py-2">
                <span className="flex flex-wrap gap-1">
                  {record.corrected && <CorrectedBadge />}
                  <FlagBadges record={record} />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <ul className="flex flex-col gap-2" aria-label="Fichajes del periodo">
      {records.map((record) => (
        <li key={record.id} className="rounded-lg border border-border bg-card p-3 text-sm">
          <div className="flex items-start justify-between gap-2">
            <p className="min-w-0 font-medium break-words">{record.workerName}</p>
            <p className="shrink-0 tabular-nums">{formatDayKey(record.day)}</p>
          </div>
          {record.workerUsername && <p className="text-muted-foreground">{record.workerUsername}</p>}
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 tabular-nums">
            <span>Entrada {formatTime(record.startTime, timeZone)}</span>
            <span>Salida {end(record, timeZone)}</span>
            <span>{worked(record)}</span>
            {record.corrected && <CorrectedBadge />}
            <FlagBadges record={record} />
          </p>
        </li>
      ))}
    </ul>
  );
}
