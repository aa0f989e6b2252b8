import type { Event } from '@jornada/shared/schemas/events';
import { formatDateTime } from '@jornada/shared/format';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { AssigneeList } from './assignee-names';

/** The event log on a desktop: finished events, newest end first. */
export function EventLogTable({ events, showCompany }: { events: Event[]; showCompany: boolean }) {
  return (
    <Table>
      <TableCaption>Eventos finalizados</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Evento</TableHead>
          <TableHead>Ubicación</TableHead>
          <TableHead>Finalizado</TableHead>
          <TableHead>Personal asignado</TableHead>
          {showCompany && <TableHead>Empresa</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {events.map((event) => (
          <TableRow key={event.id}>
            <TableCell className="max-w-56 font-medium break-words">{event.name}</TableCell>
            <TableCell className="max-w-56 break-words">{event.location}</TableCell>
            <TableCell className="tabular-nums whitespace-nowrap">{formatDateTime(event.endDate)}</TableCell>
            <TableCell className="max-w-72">
              <AssigneeList names={event.assignedEmployeeNames} />
            </TableCell>
            {showCompany && <TableCell>{event.companyName}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
