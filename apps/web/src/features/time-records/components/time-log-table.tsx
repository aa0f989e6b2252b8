import type { TimeLogEntry } from '@jornada/shared/schemas/time-records';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { RecordCorrectionButtons, RecordFlags } from '@/features/corrections/components/record-correction-buttons';
import { useAuth } from '@/lib/auth';
import { describeEntry } from '../lib/time-log-entry';
import { LocationPopover } from './location-popover';

interface TimeLogTableProps {
  entries: TimeLogEntry[];
  showCompany: boolean;
}

/** The time log on wide screens. */
export function TimeLogTable({ entries, showCompany }: TimeLogTableProps) {
  const me = useAuth().session?.profile.id;
  return (
    <Table>
      <TableCaption>Registro de fichajes, del más reciente al más antiguo</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Usuario</TableHead>
          <TableHead>Evento</TableHead>
          {showCompany && <TableHead>Empresa</TableHead>}
          <TableHead>Fecha</TableHead>
          <TableHead>Inicio</TableHead>
          <TableHead>Fin</TableHead>
          <TableHead>Duración</TableHead>
          <TableHead>
            <span className="sr-only">Ubicación</span>
          </TableHead>
          <TableHead>
            <span className="sr-only">Correcciones</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => {
          const row = describeEntry(entry);
          return (
            <TableRow key={entry.id}>
              <TableCell className="font-medium">{row.user}</TableCell>
              <TableCell>{row.event}</TableCell>
              {showCompany && <TableCell>{row.company}</TableCell>}
              <TableCell className="min-w-44">{row.date}</TableCell>
              <TableCell className="tabular-nums">{row.start}</TableCell>
              <TableCell className="tabular-nums">
                <div className="flex flex-wrap items-center gap-1">
                  {row.end ?? (entry.sinCierre ? null : <Badge variant="success">Activo</Badge>)}
                  <RecordFlags record={entry} />
                </div>
              </TableCell>
              <TableCell className="font-semibold whitespace-nowrap tabular-nums">{row.duration ?? '—'}</TableCell>
              <TableCell className="text-right">
                <LocationPopover startLocation={entry.startLocation} endLocation={entry.endLocation} subject={row.subject} />
              </TableCell>
              <TableCell className="text-right whitespace-nowrap">
                <RecordCorrectionButtons record={entry} byCompany={entry.userId !== me} workerName={row.user} compact />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
