import type { TimeLogEntry } from '@jornada/shared/schemas/time-records';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { RecordCorrectionButtons, RecordFlags } from '@/features/corrections/components/record-correction-buttons';
import { useAuth } from '@/lib/auth';
import { describeEntry } from '@/lib/time-records/time-log-entry';
import { LocationPopover } from './location-popover';
import { RecordFlagBadges } from '@/components/record-flag-badges';
import { RecordEvidence } from './record-evidence';

interface TimeLogTableProps {
  entries: TimeLogEntry[];
  showCompany: boolean;
}

/**
 * The time log on wide screens. Six narrow columns, so that it fits its card beside the sidebar at
 * 1280 px even when a record carries its flags ('Corrección pendiente') and the administrator's
 * company: who, event and company share the first cell; the flags sit under the times.
 */
export function TimeLogTable({ entries, showCompany }: TimeLogTableProps) {
  const me = useAuth().session?.profile.id;
  return (
    <Table>
      <TableCaption>Fichajes, del más reciente al más antiguo</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead className="px-3">{showCompany ? 'Trabajador, evento y empresa' : 'Trabajador y evento'}</TableHead>
          <TableHead className="px-3">Fecha</TableHead>
          <TableHead className="px-3">Horario</TableHead>
          <TableHead className="px-3">Duración</TableHead>
          <TableHead className="px-3">
            <span className="sr-only">Ubicación y correcciones</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => {
          const row = describeEntry(entry);
          return (
            <TableRow key={entry.id}>
              <TableCell className="px-3">
                <p className="font-medium break-words">{row.user}</p>
                <p className="break-words text-muted-foreground">{row.event}</p>
                {showCompany && <p className="text-xs break-words text-muted-foreground">{row.company}</p>}
              </TableCell>
              <TableCell className="px-3">{row.date}</TableCell>
              <TableCell className="px-3">
                <p className="whitespace-nowrap tabular-nums">
                  {row.start} – {row.end ?? (entry.sinCierre ? '—' : null)}
                  {!row.end && !entry.sinCierre && (
                    <Badge variant="success" className="ml-1">
                      Activo
                    </Badge>
                  )}
                </p>
                <div className="mt-1 flex flex-wrap items-center gap-1 empty:hidden">
                  <RecordFlags record={entry} />
                  <RecordFlagBadges flags={entry.flags} />
                </div>
                <RecordEvidence record={entry} />
              </TableCell>
              <TableCell className="px-3 font-semibold whitespace-nowrap tabular-nums">{row.duration ?? '—'}</TableCell>
              <TableCell className="px-3">
                <div className="flex items-center justify-end gap-1">
                  <LocationPopover startLocation={entry.startLocation} endLocation={entry.endLocation} subject={row.subject} />
                  <RecordCorrectionButtons record={entry} byCompany={entry.userId !== me} workerName={row.user} compact />
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
